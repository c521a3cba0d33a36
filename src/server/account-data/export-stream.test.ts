import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { ankiDeckChunks } from './anki-deck.js';
import { exportChunks } from './export-stream.js';

// A large export is written page by page with turns of the event loop between pages: the embedded
// database answers a query without one, so without them a 100,000-card export held every other
// player until it was done.

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const TOTAL = 1_500;

/** Pieces a stream of pages yields, and the turns of the event loop that other work got meanwhile. */
async function turnsWhileReading(chunks: AsyncGenerator<string>): Promise<{ pieces: number; turns: number }> {
  let turns = 0;
  let reading = true;
  const tick = () => {
    if (!reading) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  let pieces = 0;
  for await (const _ of chunks) pieces++;
  reading = false;
  return { pieces, turns };
}

describe.each(testDatabaseKinds())('account streams on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let userId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    const player = await signedInClient(server);
    userId = player.userId;
    const cards = Array.from({ length: TOTAL }, (_, i) => ({
      id: `stream-${i}`,
      prompt: `Prompt ${i}`,
      prompt_fen: START,
      answer_fen: START,
    }));
    expect((await player.client.postJson('/api/upsert-cards', cards)).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  test('the export lets other work run between its pages', async () => {
    const { pieces, turns } = await turnsWhileReading(exportChunks(server.app.db, userId, new Date()));
    // Seven cards pages at least (200 a page), each followed by a turn.
    expect(pieces).toBeGreaterThan(TOTAL / 200);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(TOTAL / 200));
  });

  test('the Anki deck lets other work run between its pages', async () => {
    const { pieces, turns } = await turnsWhileReading(ankiDeckChunks(server.app.db, userId));
    expect(pieces).toBeGreaterThan(TOTAL / 100);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(TOTAL / 100));
  });
});
