import { eq } from 'drizzle-orm';
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { beforeAll, describe, expect, test } from 'vitest';
import { signedInClient, startTestServer, testDatabaseKinds, type HttpClient } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { positionStats } from '../db/schema.js';
import { playerSites } from '../sites/player-sites.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// 1. e4 c5 2. Nf3 d6 and 1. Nf3 d6 2. e4 c5 meet here.
const MEETING = 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3';
// 1. e4 c5 2. Nc3 Nc6 3. f4 Nf6 4. Nf3 e6 5. Bd3 a6: past every named position.
const DEEP_LINE = '1. e4 c5 2. Nc3 Nc6 3. f4 Nf6 4. Nf3 e6 5. Bd3 a6';
const DEEP = 'r1bqkb1r/1p1p1ppp/p1n1pn2/2p5/4PP2/2NB1N2/PPPP2PP/R1BQK2R w KQkq - 0 6';
// Filters no other test file uses: the PostgreSQL test database is shared and outlives runs.
const SPEEDS = 'ultraBullet';
const RATINGS = '400';

const fenAfter = (move: string) => {
  const position = Chess.default();
  position.play(parseSan(position, move)!);
  return makeFen(position.toSetup());
};

const review = (client: HttpClient, pgn: string, hero_color: 'White' | 'Black', result: number, played: string) =>
  client.postJson('/api/upsert-game-review', { pgn, hero_color, result, date_time_played: played });

describe.each(testDatabaseKinds())('the explorer beside the board on %s', (kind) => {
  const env = useSiteServer(kind, { lichessToken: 'explorer-token' }, { explorerToken: 'explorer-token' });

  beforeAll(async () => {
    await env.database.db.delete(positionStats).where(eq(positionStats.speeds, 'masters'));
    await env.database.db.delete(positionStats).where(eq(positionStats.speeds, SPEEDS));
  });

  const get = async (client: HttpClient, fields: Record<string, string>) =>
    client.get(`/api/repertoire/explorer?${new URLSearchParams({ color: 'white', ...fields }).toString()}`);

  test('the masters database is looked up with the token and cached apart from the Lichess figures', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'masters' });
    const fen = 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1';
    expect((await get(client, { fen, db: 'masters' })).body.api_data).toBeNull();
    const asked = env.sites.requests('explorer');
    const looked = await client.postJson('/api/repertoire/explorer', { color: 'white', fen, db: 'masters' });
    expect(looked.status).toBe(200);
    const masters = looked.body.api_data;
    expect(masters.db).toBe('masters');
    expect(masters.moves.length).toBeGreaterThan(0);
    expect(masters.opening).toEqual({ eco: 'A40', name: "Queen's Pawn Game" });
    expect(env.sites.requests('explorer')).toBe(asked + 1);
    // Read back from the cache, with no second call; the Lichess figures are still not looked up.
    expect((await get(client, { fen, db: 'masters' })).body.api_data).toEqual(masters);
    expect((await get(client, { fen, speeds: SPEEDS, ratings: RATINGS })).body.api_data).toBeNull();
    const lichess = await client.postJson('/api/repertoire/explorer', {
      color: 'white',
      fen,
      speeds: SPEEDS,
      ratings: RATINGS,
    });
    expect(lichess.body.api_data.db).toBe('lichess');
    expect(lichess.body.api_data.white + lichess.body.api_data.black).not.toBe(masters.white + masters.black);
    expect(env.sites.requests('explorer')).toBe(asked + 2);
  });

  test('a refused token gets no masters figures', async () => {
    const bare = await startTestServer(env.database, {
      lichessExplorerUrl: env.sites.explorerUrl,
      lichessToken: 'wrong',
    });
    try {
      const { client } = await signedInClient(bare, { prefix: 'masters-refused' });
      const fen = 'rnbqkbnr/pppppppp/8/8/8/1P6/P1PPPPPP/RNBQKBNR b KQkq - 0 1';
      const looked = await client.postJson('/api/repertoire/explorer', { color: 'white', fen, db: 'masters' });
      expect(looked.status).toBe(502);
      expect((await get(client, { fen, db: 'masters' })).body.api_data).toBeNull();
    } finally {
      await bare.close();
    }
  });

  test("mine counts the player's own games by position, so transpositions meet, and follows new reviews", async () => {
    const { client } = await signedInClient(env.server, { prefix: 'mine' });
    await review(client, '1. e4 c5 2. Nf3 d6 3. d4 cxd4 *', 'White', 1, '2026-01-05T10:00:00Z');
    await review(client, '1. Nf3 d6 2. e4 c5 3. Bb5+ Bd7 *', 'White', 0.5, '2026-02-05T10:00:00Z');
    await review(client, '1. e4 c5 2. Nf3 d6 3. d4 *', 'Black', 0, '2026-03-05T10:00:00Z');
    const meeting = (await get(client, { fen: MEETING, db: 'mine' })).body.api_data;
    expect(meeting.db).toBe('mine');
    expect([meeting.white, meeting.draws, meeting.black]).toEqual([1, 1, 0]);
    expect(meeting.last_played).toBe('2026-02-05T10:00:00.000Z');
    expect(meeting.moves.map((m: { san: string; games: number }) => [m.san, m.games])).toEqual([
      ['Bb5+', 1],
      ['d4', 1],
    ]);
    expect(meeting.opening?.eco).toMatch(/^B5/);

    // A new review counts at once; another colour's games and another player's never do.
    await review(client, '[Result "1-0"]\n\n1. e4 c5 2. Nf3 d6 3. c3 *', 'White', 1, '2026-04-01T10:00:00Z');
    const again = (await get(client, { fen: MEETING, db: 'mine' })).body.api_data;
    expect([again.white, again.draws, again.black]).toEqual([2, 1, 0]);
    expect(again.moves.map((m: { san: string }) => m.san)).toContain('c3');
    const black = (await client.get(`/api/repertoire/explorer?color=black&db=mine&fen=${encodeURIComponent(MEETING)}`))
      .body.api_data;
    expect([black.white, black.draws, black.black]).toEqual([1, 0, 0]);
    const other = await signedInClient(env.server, { prefix: 'mine-other' });
    const none = (await get(other.client, { fen: START, db: 'mine' })).body.api_data;
    expect([none.white, none.draws, none.black, none.moves]).toEqual([0, 0, 0, []]);
  });

  test('positions never looked up are named, past the named ones by the line that reached them', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'names' });
    const asked = env.sites.requests('explorer');
    const after = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
    const mine = (await get(client, { fen: after, db: 'mine' })).body.api_data;
    expect(mine.opening).toEqual({ eco: 'B20', name: 'Sicilian Defense' });
    const deep = (await get(client, { fen: DEEP, db: 'mine', line: DEEP_LINE })).body.api_data;
    expect(deep.opening?.name).toMatch(/^Sicilian Defense/);
    expect((await get(client, { fen: DEEP, db: 'mine' })).body.api_data.opening).toBeNull();
    // A line that does not reach the position names nothing.
    expect((await get(client, { fen: DEEP, db: 'mine', line: '1. d4' })).body.api_data.opening).toBeNull();
    expect(env.sites.requests('explorer')).toBe(asked);
  });

  test('lines are named in one call, in order, each by its longest named position', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'line-names' });
    const named = await client.postJson('/api/repertoire/openings', {
      lines: [DEEP_LINE, '1. e4', '1. a3 a6 2. h3 h6', ''],
    });
    expect(named.status).toBe(200);
    expect(named.body.api_data[0].name).toMatch(/^Sicilian Defense/);
    expect(named.body.api_data[1]).toEqual({ eco: 'B00', name: "King's Pawn Game" });
    expect(named.body.api_data[2]?.eco).toBe('A00');
    expect(named.body.api_data[3]).toBeNull();
    const tooMany = await client.postJson('/api/repertoire/openings', { lines: Array(201).fill('1. e4') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/at most 200 lines/);
  });

  test('looking ahead fetches the positions one move on in the background', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'ahead' });
    const fen = 'rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPP1P/RNBQKBNR b KQkq - 0 1';
    const fields = { color: 'white', fen, speeds: SPEEDS, ratings: RATINGS };
    expect((await client.postJson('/api/repertoire/explorer/ahead', fields)).body.api_data).toEqual({ queued: 0 });
    const looked = (await client.postJson('/api/repertoire/explorer', fields)).body.api_data;
    const ahead = await client.postJson('/api/repertoire/explorer/ahead', fields);
    expect(ahead.status).toBe(200);
    expect(ahead.body.api_data.queued).toBeGreaterThan(0);
    const { Chess } = await import('chessops/chess');
    const { makeFen, parseFen } = await import('chessops/fen');
    const { parseUci } = await import('chessops/util');
    const first = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    first.play(parseUci(looked.moves[0].uci)!);
    const next = makeFen(first.toSetup());
    let found = null;
    for (let i = 0; i < 100 && !found; i++) {
      found = (await get(client, { fen: next, speeds: SPEEDS, ratings: RATINGS })).body.api_data;
      if (!found) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(found?.moves.length).toBeGreaterThan(0);
    // Asked again, everything ahead is cached: nothing more is queued.
    for (
      let i = 0;
      i < 100 && (await client.postJson('/api/repertoire/explorer/ahead', fields)).body.api_data.queued;
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await client.postJson('/api/repertoire/explorer/ahead', fields)).body.api_data).toEqual({ queued: 0 });
  });

  test("one player's flood of look-ups is capped at a few waiting; another player's look-up goes first", async () => {
    const flooder = await signedInClient(env.server, { prefix: 'flood' });
    const other = await signedInClient(env.server, { prefix: 'calm' });
    env.sites.setMode('explorer', 'slow', { delayMs: 250 });
    const firstMoves = ['a3', 'a4', 'b3', 'b4', 'c3', 'c4', 'd3', 'e3', 'f3', 'g3'];
    const lookUp = async (client: HttpClient, line: string) => {
      const fen = fenAfter(line);
      const answer = await client.postJson('/api/repertoire/explorer', {
        color: 'white',
        fen,
        speeds: SPEEDS,
        ratings: RATINGS,
      });
      return { ...answer, at: Date.now() };
    };
    const flood = firstMoves.map((move) => lookUp(flooder.client, move));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const calm = lookUp(other.client, 'h3');
    const answers = await Promise.all(flood);
    const calmAnswer = await calm;
    env.sites.reset();
    expect(calmAnswer.status, calmAnswer.text).toBe(200);
    // One running and four waiting (a fifth may have started by the time the last asked); the rest are
    // refused at once, without a call.
    const answered = answers.filter((a) => a.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(5);
    expect(answered.length).toBeLessThanOrEqual(6);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - answered.length);
    // The other player waited for at most two of the flood's calls, not for all of them.
    expect(answered.filter((a) => a.at < calmAnswer.at).length).toBeLessThanOrEqual(2);
    expect(answers.find((a) => a.status === 429)!.body.error).toMatch(/You have 4 calls to .* waiting already/);
  });

  test('past five look-ups under way a player is refused at once, even a position the cache holds', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'gate' });
    // A filter of this test's own, so no other test's look-ups are in the cache or the queue.
    const ask = (move: string) =>
      client.postJson('/api/repertoire/explorer', {
        color: 'white',
        fen: fenAfter(move),
        speeds: 'correspondence',
        ratings: '2500',
      });
    expect((await ask('c4')).status).toBe(200);
    env.sites.setMode('explorer', 'slow', { delayMs: 400 });
    const underWay = ['a3', 'b3', 'd3', 'e3', 'g3'].map(ask);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const refused = await ask('c4');
    const answers = await Promise.all(underWay);
    env.sites.reset();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/You have 4 calls to .* waiting already/);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // Once they are answered the cached position is answered again.
    expect((await ask('c4')).status).toBe(200);
  });

  test("a job's explorer calls wait their turn behind the player's own flood of look-ups", async () => {
    const { client, userId } = await signedInClient(env.server, { prefix: 'job-flood' });
    env.sites.setMode('explorer', 'slow', { delayMs: 150 });
    // First moves no other test here looks up: each is a call, not a cached answer.
    const flood = ['Na3', 'Nc3', 'Nf3', 'Nh3', 'd4', 'e4', 'g4', 'h4'].map((line) =>
      client.postJson('/api/repertoire/explorer', {
        color: 'white',
        fen: fenAfter(line),
        speeds: SPEEDS,
        ratings: RATINGS,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // As a coverage check or a starter build asks, while the page's look-ups fill the player's share.
    const { explorer } = await playerSites(env.server.app, userId, { job: true });
    const job = await Promise.all(
      ['f4', 'g4', 'h3'].map((line) => explorer.fetchPosition(fenAfter(line), [SPEEDS], [RATINGS])),
    );
    const answers = await Promise.all(flood);
    env.sites.reset();
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(job.map((result) => (result.isOk ? 'ok' : result.error.message))).toEqual(['ok', 'ok', 'ok']);
  });

  test('an unknown database is refused', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'bad-db' });
    const bad = await get(client, { fen: START, db: 'fide' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/db must be lichess, masters or mine/);
  });
});
