import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { positionStats, userPositionStats } from '../db/schema.js';

const FEN = '8/8/8/4k3/8/8/4K3/7R w - - 0 40';
const KEY = '8/8/8/4k3/8/8/4K3/7R w - -';

function upload(records: unknown[]): FormData {
  const form = new FormData();
  form.append('stats', JSON.stringify(records));
  return form;
}

const record = (fen: string, white: number) => ({
  fen,
  speeds: 'bullet',
  ratings: '1200',
  white,
  draws: 0,
  black: 0,
  moves: JSON.stringify([{ uci: 'h1h5', san: 'Rh5+', white, draws: 0, black: 0 }]),
});

describe.each(testDatabaseKinds())('update_stats keeps the shared explorer cache untouched on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    await database.db.delete(positionStats).where(eq(positionStats.fen, KEY));
    await database.db
      .insert(positionStats)
      .values({ fen: KEY, speeds: 'bullet', ratings: '1200', white: 7, draws: 7, black: 7, moves: [] });
  });
  afterAll(async () => {
    await database.db.delete(positionStats).where(eq(positionStats.fen, KEY));
    await server.close();
    await database.close();
  });

  test("an upload lands in the caller's own rows only: others still see the explorer's answer", async () => {
    const alice = await signedInClient(server);
    const bob = await signedInClient(server);
    const stored = await alice.client.postMultipart('/api/update_stats', upload([record(FEN, 999)]));
    expect(stored.status, stored.text).toBe(200);

    const shared = await database.db.select().from(positionStats).where(eq(positionStats.fen, KEY));
    expect(shared.map((r) => r.white)).toEqual([7]);
    const own = await database.db.select().from(userPositionStats).where(eq(userPositionStats.userId, alice.userId));
    expect(own.map((r) => [r.fen, r.white])).toEqual([[KEY, 999]]);

    const forAlice = await alice.client.get('/api/get_stats?speeds=bullet&ratings=1200');
    expect(forAlice.body.filter((r: { fen: string }) => r.fen === KEY).map((r: { white: number }) => r.white)).toEqual([
      999,
    ]);
    const forBob = await bob.client.get('/api/get_stats?speeds=bullet&ratings=1200');
    expect(forBob.body.filter((r: { fen: string }) => r.fen === KEY).map((r: { white: number }) => r.white)).toEqual([
      7,
    ]);
  });

  test.each([['not a fen'], ['8/8/8/8/8/8/8/8 w - -'], ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -']])(
    'an invalid FEN %s is refused and nothing is stored',
    async (fen) => {
      const { client, userId } = await signedInClient(server);
      const response = await client.postMultipart('/api/update_stats', upload([record(FEN, 1), record(fen, 2)]));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/fen/i);
      const own = await database.db.select().from(userPositionStats).where(eq(userPositionStats.userId, userId));
      expect(own).toEqual([]);
    },
  );
});
