import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fakeRepertoirePgn } from '../../../e2e/fakes/fake-repertoire.js';
import { readFixture } from '../../../test/fixtures.js';
import { type HttpClient, signedInClient, testDatabaseKinds, parseEvents } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { positionStats } from '../db/schema.js';

// Filters no other test file uses: the PostgreSQL test database is shared and outlives runs.
const SPEEDS = 'correspondence';
const RATINGS = '1000';
const CONFLICT = '[ChapterName "Open"]\n\n1. e4 e5 2. Nf3 *\n\n[ChapterName "Italian"]\n\n1. e4 e5 2. Bc4 *';

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};

describe.each(testDatabaseKinds())('every reader sees the edited repertoire on %s', (kind) => {
  const env = useSiteServer(kind, { lichessToken: 'explorer-token' }, { explorerToken: 'explorer-token' });

  beforeAll(async () => {
    await env.database.db
      .delete(positionStats)
      .where(and(eq(positionStats.speeds, SPEEDS), eq(positionStats.ratings, RATINGS)));
  });

  const player = async (text: string, extra: Record<string, unknown> = {}) => {
    const signed = await signedInClient(env.server, { prefix: 'readers', ...extra });
    const stored = await signed.client.postJson('/api/update-study', {
      color: 'white',
      study_text: text,
      title: 'Prep',
    });
    expect(stored.status).toBe(200);
    return signed;
  };
  const edit = (client: HttpClient, line: string, op = 'add') =>
    client.postJson('/api/repertoire/edit', { color: 'white', line, op });
  const consistency = async (client: HttpClient, fields: Record<string, string>) =>
    (await client.postMultipart('/api/consistency_check', form({ color: 'white', ...fields }))).body;
  const coverage = async (client: HttpClient) => {
    const response = await client.postMultipart(
      '/api/coverage_check',
      form({ color: 'white', from_study: '1', speeds: SPEEDS, ratings: RATINGS }),
    );
    return parseEvents(response.text).at(-1)!.data as { holes: { fen: string; line: string; san: string }[] };
  };

  test('consistency: keeping one answer clears the conflict, whether the form sends the flag or the stored text', async () => {
    const { client } = await player(CONFLICT);
    expect((await consistency(client, { from_study: '1' })).results_dict).toHaveLength(1);
    await edit(client, '1. e4 e5 2. Bc4', 'remove');
    for (const fields of [{ from_study: '1' }, { opening_text: CONFLICT }] as Record<string, string>[]) {
      const answer = await consistency(client, fields);
      expect(answer.results_dict, JSON.stringify(fields).slice(0, 30)).toEqual([]);
      expect(answer.results).toMatch(/No inconsistencies found/);
    }
    // Other text is read as sent.
    expect((await consistency(client, { opening_text: `${CONFLICT}\n` })).results_dict).toHaveLength(1);
    // The game comparison and the book read the edits too.
    const compared = await client.postMultipart(
      '/api/check_opening',
      form({ color: 'white', from_study: '1', game_text: '1. e4 e5 2. Bc4 Nf6 *', format: 'json' }),
    );
    // 2. Bc4 is no longer the repertoire's: the game leaves it there, where it plays 2. Nf3.
    expect(compared.body.results).toMatch(/Nf3/);
    const book = (await client.postMultipart('/api/create_opening_book', form({ color: 'white', from_study: '1' })))
      .body.book;
    expect(book).not.toContain('Bc4');
    const none = await client.postMultipart('/api/consistency_check', form({ color: 'black', from_study: '1' }));
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('You have no black study: set one on Manage Openings first');
  });

  test('coverage and drill: the suggested answer at a hole closes it on the next run without a lookup, and is a New drill item', async () => {
    const { client } = await player(fakeRepertoirePgn({ depth: 2, breadth: 1 }));
    const first = await coverage(client);
    expect(first.holes.length).toBeGreaterThan(0);
    const hole = first.holes[0];
    const afterHole = (await client.get(`/api/repertoire/position?color=white&fen=${encodeURIComponent(hole.fen)}`))
      .body.api_data;
    expect(afterHole.in_repertoire).toBe(true);

    // The workshop at the position after the hole's move: nothing cached yet, then looked up.
    const fenAfter = await fenAfterLine(client, hole.line);
    const query = `color=white&fen=${encodeURIComponent(fenAfter)}&speeds=${SPEEDS}&ratings=${RATINGS}`;
    expect((await client.get(`/api/repertoire/explorer?${query}`)).body.api_data).toBeNull();
    const looked = await client.postJson('/api/repertoire/explorer', {
      color: 'white',
      fen: fenAfter,
      speeds: SPEEDS,
      ratings: RATINGS,
    });
    expect(looked.status).toBe(200);
    const explorer = looked.body.api_data;
    expect(explorer.moves.length).toBeGreaterThan(0);
    expect(explorer.moves.every((m: { in_repertoire: boolean }) => !m.in_repertoire)).toBe(true);
    const answer = explorer.suggested ?? { san: explorer.moves[0].san };
    expect((await client.get(`/api/repertoire/explorer?${query}`)).body.api_data).toEqual(explorer);

    const before = (await client.get('/api/drill/stats?color=white')).body.api_data;
    expect((await edit(client, `${hole.line} ${answer.san}`)).status).toBe(200);
    const asked = env.sites.requests('explorer');
    const second = await coverage(client);
    expect(env.sites.requests('explorer')).toBe(asked);
    expect(second.holes.map((h) => `${h.line}`)).not.toContain(hole.line);
    expect(second.holes).toHaveLength(first.holes.length - 1);
    // The drill's deck follows on its own a moment after the edit: the new answer is a New item.
    let after = before;
    for (let i = 0; i < 100 && after.total === before.total; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await client.get('/api/drill/stats?color=white')).body.api_data;
    }
    expect(after.total).toBe(before.total + 1);
    expect(after.new).toBe(before.new + 1);
    const cached = (await client.get(`/api/repertoire/explorer?${query}`)).body.api_data;
    expect(cached.moves.find((m: { san: string }) => m.san === answer.san).in_repertoire).toBe(true);
  });

  test("the games report: an opponent's surprise prepared for in the workshop is in book next time", async () => {
    const { client } = await player(readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'), { lichess: 'thibault' });
    const report = async () =>
      (await client.postJson('/api/repertoire-report', { sources: ['lichess'] })).body.api_data;
    const first = await report();
    const surprise = first.left_by_opponent.find((d: { color: string }) => d.color === 'white');
    expect(surprise).toBeDefined();
    expect((await edit(client, numbered(surprise.line, surprise.played_san))).status).toBe(200);
    const second = await report();
    const same = (d: { fen: string; played_uci: string }) =>
      d.fen === surprise.fen && d.played_uci === surprise.played_uci;
    expect(second.left_by_opponent.some(same)).toBe(false);
    expect(second.stayed_in_book + second.left_by_you.length + second.left_by_opponent.length).toBeGreaterThan(0);
  });
});

/** The line's movetext with one more move (move numbers from the line's own). */
const numbered = (line: string, san: string) => {
  const plies = line.split(' ').filter((t) => t !== '' && !/^\d+\.+$/.test(t)).length;
  if (plies === 0) return `1. ${san}`;
  return plies % 2 === 0 ? `${line} ${plies / 2 + 1}. ${san}` : `${line} ${san}`;
};

/** The FEN after a line, read from the workshop's own position answers. */
async function fenAfterLine(client: HttpClient, line: string): Promise<string> {
  let fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const { Chess } = await import('chessops/chess');
  const { parseFen, makeFen } = await import('chessops/fen');
  const { parseSan } = await import('chessops/san');
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  for (const token of line.split(' ').filter((t) => !/^\d+\.+$/.test(t))) pos.play(parseSan(pos, token)!);
  fen = makeFen(pos.toSetup());
  expect((await client.get(`/api/repertoire/position?color=white&fen=${encodeURIComponent(fen)}`)).status).toBe(200);
  return fen;
}
