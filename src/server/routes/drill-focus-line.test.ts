// Drill calls, continued: focusing a position, concurrent New items, and line mode.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { coverageRuns, drillItems, positionStats, studies } from '../db/schema.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
/** The position key after 1. e4 (the FEN without its counters). */
const AFTER_E4_KEY = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';
const WHITE = '[Event "Prep: Open"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n[Event "Prep: Sicilian"]\n\n1. e4 c5 2. Nf3 *\n';

describe.each(testDatabaseKinds())('drill focus and line mode on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const signedIn = () => signedInClient(server, { prefix: 'drill' });

  /**
   * The player's last coverage check done at `filters`, and the explorer's answer at `key` stored for them.
   * Stored answers are shared by every player: one may be there from an earlier run, and is replaced.
   */
  const storeExplorerAnswer = async (
    userId: number,
    key: string,
    filters: { speeds: string; ratings: string },
    counts: Pick<typeof positionStats.$inferInsert, 'white' | 'draws' | 'black' | 'moves'>,
  ) => {
    await database.db.insert(coverageRuns).values({ userId, color: 'white', status: 'done', ...filters });
    await database.db
      .insert(positionStats)
      .values({ fen: key, ...filters, ...counts })
      .onConflictDoUpdate({ target: [positionStats.fen, positionStats.speeds, positionStats.ratings], set: counts });
  };

  const storeStudy = (client: HttpClient, color: string, text: string | null, extra: Record<string, string> = {}) =>
    client.postJson('/api/update-study', { color, study_text: text, title: 'Prep', ...extra });
  const items = (userId: number) =>
    database.db.select().from(drillItems).where(eq(drillItems.userId, userId)).orderBy(drillItems.ord);

  test('focus makes a repertoire position due now; a position outside it is 404', async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    await client.postJson('/api/drill/settings', { new_per_day: 0 });
    expect((await client.get('/api/drill/next?color=white')).body.api_data).toEqual([]);
    const focused = await client.postJson('/api/drill/focus', {
      color: 'white',
      fen: AFTER_E4_E5.replace(' 0 2', ' 0 7'),
    });
    expect(focused.status).toBe(200);
    expect(focused.body.api_data).toMatchObject({ line: '1. e4 e5', changed: true });
    expect(
      (await client.get('/api/drill/next?color=white')).body.api_data.map((i: { line: string }) => i.line),
    ).toEqual(['1. e4 e5']);
    const missing = await client.postJson('/api/drill/focus', { color: 'white', fen: AFTER_E4 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'That position is not in your white repertoire' });
    expect((await client.postJson('/api/drill/focus', { color: 'white', fen: 'not a fen' })).status).toBe(400);
  });

  test('focus on a colour whose deck was never synced syncs it first, and stores only the focused item', async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    await database.db.update(studies).set({ drillSynced: null, drillDeckKeys: null }).where(eq(studies.userId, userId));
    const focused = await client.postJson('/api/drill/focus', { color: 'white', fen: START });
    expect(focused.status).toBe(200);
    expect((await items(userId)).map((i) => i.line)).toEqual(['']);
    const stats = (await client.get('/api/drill/stats?color=white')).body.api_data;
    expect(stats).toMatchObject({ total: 4, new: 4, due_now: 1 });
  });

  test('two players asking for their next items at once each store their own New items once', async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    await Promise.all([storeStudy(a.client, 'white', WHITE), storeStudy(b.client, 'white', WHITE)]);
    const served = await Promise.all([a, a, b].map((p) => p.client.get('/api/drill/next?color=white')));
    expect(served.map((r) => r.body.api_data.length)).toEqual([4, 4, 4]);
    expect(served[0].body.api_data.map((i: { id: number }) => i.id)).toEqual(
      served[1].body.api_data.map((i: { id: number }) => i.id),
    );
    expect(await items(a.userId)).toHaveLength(4);
    expect(await items(b.userId)).toHaveLength(4);
  });

  test('line mode walks from the start to the next item to ask, the opponent replying by cached explorer counts', async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    // Answer the first item so the walk plays 1. e4 for the player.
    const [first] = (await client.get('/api/drill/next?color=white')).body.api_data;
    await client.postJson('/api/drill/answer', { id: first.id, uci: 'e2e4', rating: 4 });
    // Before any coverage check of the colour no explorer answer is read: each reply comes about as
    // often as the other (both missing from 30 walks: once in 500 million).
    const replies = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const uniform = (await client.get('/api/drill/line?color=white')).body.api_data;
      expect(uniform.branch).toEqual({ fen: AFTER_E4, replies: 2 });
      replies.add(uniform.moves[1].san);
    }
    expect([...replies].sort()).toEqual(['c5', 'e5']);
    // The player's last coverage check chose these filters; the explorer figures are read at them.
    await storeExplorerAnswer(
      userId,
      AFTER_E4_KEY,
      { speeds: 'blitz,rapid,classical', ratings: '1800,2000,2200,2500' },
      {
        white: 1,
        draws: 1,
        black: 1,
        moves: [
          { uci: 'c7c5', san: 'c5', white: 100, draws: 0, black: 0 },
          { uci: 'e7e5', san: 'e5', white: 0, draws: 0, black: 0 },
        ],
      },
    );
    const line = (await client.get('/api/drill/line?color=white')).body.api_data;
    expect(line.start_fen).toBe(START);
    expect(line.moves).toEqual([
      { uci: 'e2e4', san: 'e4', by: 'player' },
      { uci: 'c7c5', san: 'c5', by: 'opponent' },
    ]);
    expect(line.ask).toMatchObject({ line: '1. e4 c5', answers: [{ uci: 'g1f3', san: 'Nf3' }] });
    const onward = (await client.get(`/api/drill/line?color=white&fen=${encodeURIComponent(AFTER_E4_E5)}`)).body
      .api_data;
    expect(onward).toMatchObject({ start_fen: AFTER_E4_E5, moves: [], ask: { line: '1. e4 e5' } });
    expect((await client.get('/api/drill/line?color=white&fen=bad')).status).toBe(400);
  });

  test("line mode's opponent replies as often as the stored explorer answer plays each move", async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    const [first] = (await client.get('/api/drill/next?color=white')).body.api_data;
    await client.postJson('/api/drill/answer', { id: first.id, uci: 'e2e4', rating: 4 });
    // Filters of this player's own: the stored answer below is read for them alone.
    await storeExplorerAnswer(
      userId,
      AFTER_E4_KEY,
      { speeds: 'rapid', ratings: '1600' },
      {
        white: 60,
        draws: 20,
        black: 20,
        moves: [
          { uci: 'c7c5', san: 'c5', white: 45, draws: 15, black: 15 },
          { uci: 'e7e5', san: 'e5', white: 15, draws: 5, black: 5 },
        ],
      },
    );
    // c5 has 75 of the 100 games. Over 300 walks its share has a standard deviation of 2.5 points: outside
    // 60-90% once in a billion, and a uniform pick (50%) or always the most played (100%) fall outside.
    const CALLS = 300;
    let c5 = 0;
    for (let i = 0; i < CALLS; i++) {
      const line = (await client.get('/api/drill/line?color=white')).body.api_data;
      expect(line.moves[0]).toEqual({ uci: 'e2e4', san: 'e4', by: 'player' });
      if (line.moves[1].san === 'c5') c5++;
      else expect(line.moves[1].san).toBe('e5');
    }
    expect(c5 / CALLS).toBeGreaterThan(0.6);
    expect(c5 / CALLS).toBeLessThan(0.9);
  });
});
