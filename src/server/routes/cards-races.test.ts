import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  signedInUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const REVIEWS = 25;

describe.each(testDatabaseKinds())('card edits racing reviews on %s', (kind) => {
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

  test('a text edit never writes back an older schedule: every acknowledged review counts', async () => {
    const { client } = await signedInUser(server.app, server.url);
    const id = `race-${Date.now()}`;
    const created = await client.postJson('/api/upsert-cards', [
      { id, prompt: 'v0', prompt_fen: START, answer_fen: START },
    ]);
    expect(created.status, created.text).toBe(200);

    const reviews = Array.from({ length: REVIEWS }, () => client.postJson('/api/review-card', { id, rating: 3 }));
    const edits = Array.from({ length: REVIEWS }, (_, i) =>
      client.postJson('/api/upsert-cards', [{ id, prompt: `v${i + 1}`, prompt_fen: START, answer_fen: START }]),
    );
    const answers = await Promise.all([...reviews, ...edits]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    const cards = (await client.get('/api/get-cards')).body.api_data as { id: string; reps: number }[];
    expect(cards.find((c) => c.id === id)?.reps).toBe(REVIEWS);
  });
});
