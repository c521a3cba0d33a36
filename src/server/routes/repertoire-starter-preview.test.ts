import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseEvents, signedInClient, testDatabaseKinds, type HttpClient } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { buildRepertoireFromPgn, positionKey, type Repertoire } from '../../chess/index.js';
import { positionStats } from '../db/schema.js';

// Filters no other test file uses: the PostgreSQL test database is shared and outlives runs.
const SPEEDS = ['bullet', 'correspondence'];
const RATINGS = [400, 2500];
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe.each(testDatabaseKinds())('a starter build read in the workshop before it is kept, on %s', (kind) => {
  const env = useSiteServer(kind, {
    lichessToken: 'server-token',
    // The build is not what is tested here: a busy machine's slow answer must not fail it.
    siteTimeoutMs: 15_000,
  });

  beforeAll(async () => {
    await env.database.db
      .delete(positionStats)
      .where(and(eq(positionStats.speeds, SPEEDS.join(',')), eq(positionStats.ratings, RATINGS.join(','))));
  });

  const build = async (client: HttpClient, line: string, goal: number) => {
    const response = await client.postJson('/api/repertoire/starter', {
      color: 'white',
      line,
      goal,
      speeds: SPEEDS,
      ratings: RATINGS,
    });
    const result = parseEvents(response.text).at(-1)!;
    expect(result.event).toBe('result');
    return result.data;
  };
  const position = (client: HttpClient, fen: string, starter: string, color = 'white') =>
    client.get(`/api/repertoire/position?${new URLSearchParams({ color, fen, starter }).toString()}`);

  /** Every position reached from the start by following the answers' moves, with each answer. */
  const walkPreview = async (client: HttpClient, starter: string) => {
    const seen = new Map<string, { fen: string; player_to_move: boolean; moves: { uci: string; fen: string }[] }>();
    const queue = [START];
    while (queue.length > 0) {
      const fen = queue.shift()!;
      if (seen.has(positionKey(fen))) continue;
      const answer = await position(client, fen, starter);
      expect(answer.status, fen).toBe(200);
      seen.set(positionKey(fen), answer.body.api_data);
      queue.push(...answer.body.api_data.moves.map((m: { fen: string }) => m.fen));
    }
    return seen;
  };

  const treeOf = (rep: Repertoire) =>
    [...rep.positions.values()]
      .filter((p) => p.moves.length > 0)
      .map((p) => [p.key, p.moves.map((m) => m.uci).sort()] as const)
      .sort();

  test('the preview steps through exactly the build’s tree, with no study, and only for its owner', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'starter-preview' });
    const starter = await build(client, '1. e4', 0.05);
    expect(starter.status, starter.message ?? '').toBe('done');
    expect(starter.id).toMatch(/^[0-9a-f-]{36}$/);
    const tree = buildRepertoireFromPgn(starter.pgn, { color: 'white' }).unwrap();

    // No study of White: the workshop's own read refuses, the preview answers.
    const noStudy = await client.get(`/api/repertoire/position?color=white&fen=${encodeURIComponent(START)}`);
    expect(noStudy.status).toBe(400);

    const seen = await walkPreview(client, starter.id);
    const walked = [...seen.entries()]
      .filter(([, answer]) => answer.moves.length > 0)
      .map(([key, answer]) => [key, answer.moves.map((m) => m.uci).sort()] as const)
      .sort();
    expect(walked).toEqual(treeOf(tree));
    for (const [key, answer] of seen) {
      expect(answer.player_to_move).toBe(answer.fen.split(' ')[1] === 'w');
      for (const move of answer.moves)
        expect(tree.positions.get(positionKey(move.fen))?.fen ?? move.fen).toBe(move.fen);
      if (answer.moves.length > 0) expect(tree.positions.has(key)).toBe(true);
    }
    // At the start White plays 1. e4, and after it the replies the build met.
    const first = seen.get(positionKey(START))!;
    expect(first.moves.map((m) => m.uci)).toEqual(['e2e4']);
    const afterE4 = await position(client, first.moves[0].fen, starter.id);
    expect(afterE4.body.api_data).toMatchObject({ in_repertoire: true, player_to_move: false });
    expect(afterE4.body.api_data.moves.length).toBeGreaterThan(0);
    expect(afterE4.body.api_data.opening?.name).toMatch(/King's Pawn/);
    expect(afterE4.body.api_data.moves[0]).toMatchObject({ added: false, own_note: '' });

    // Outside the tree: an empty answer, not an error.
    const d4 = 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1';
    expect((await position(client, d4, starter.id)).body.api_data).toMatchObject({ in_repertoire: false, moves: [] });

    // Read once per save: the tree held for the build is the PGN's.
    const entries = [...env.server.app.repertoireMemory.starterTrees.entries()].filter(([key]) =>
      key.endsWith(`:white:${starter.id}`),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0][1].rep?.positions.size).toBe(tree.positions.size);

    // Another player, the other colour, an id that is nobody's: missing. Not an id: refused.
    const { client: other } = await signedInClient(env.server, { prefix: 'starter-preview-other' });
    const theirs = await position(other, START, starter.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toMatch(/no white starter build/i);
    expect((await position(client, START, starter.id, 'black')).status).toBe(404);
    expect((await position(client, START, randomUUID())).status).toBe(404);
    const bad = await position(client, START, 'not-a-build');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/starter must be the id of a starter build/);
    expect(
      (await env.server.client().get(`/api/repertoire/position?color=white&fen=x&starter=${starter.id}`)).status,
    ).toBe(401);

    // A newer build of the colour replaces it: the old id is gone, the new one reads its own tree.
    const newer = await build(client, '1. e4', 0.05);
    expect(newer.status, newer.message ?? '').toBe('done');
    expect(newer.id).not.toBe(starter.id);
    expect((await position(client, START, starter.id)).status).toBe(404);
    expect((await position(client, START, newer.id)).body.api_data.moves.map((m: { uci: string }) => m.uci)).toEqual([
      'e2e4',
    ]);
  });
});
