import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInUser,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  type TestUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

// Ids are PostgreSQL integers: one past the range must be refused as bad input, never reach the
// database as a cast error (500).
const PAST = 2_147_483_648;

describe.each(testDatabaseKinds())('ids past the integer range on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    user = await signedInUser(server.app, server.url);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  test.each([
    ['GET', `/api/opponent-prep/${PAST}`, undefined],
    ['GET', `/api/opponent-prep/99999999999999999999`, undefined],
    ['POST', '/api/drill/answer', { id: PAST, uci: 'e2e4' }],
    ['POST', '/api/drill/answer', { id: String(PAST), uci: 'e2e4' }],
    ['GET', `/api/game-analysis?game_review_id=${PAST}`, undefined],
    ['POST', '/api/game-analysis', { game_review_id: PAST, depth: 10, evals: [] }],
    ['POST', '/api/get-mistakes', { game_review_id: PAST }],
    ['POST', '/api/upsert-mistake', { game_review_id: PAST, notes: 'x' }],
    ['POST', '/api/upsert-mistake', { id: PAST, game_review_id: 1, notes: 'x' }],
    ['POST', '/api/delete-game-review', { game_review_id: PAST }],
    ['POST', '/api/delete-game-review', { mistake_id: PAST }],
  ])('%s %s answers 400', async (method, path, body) => {
    const response = method === 'GET' ? await user.client.get(path) : await user.client.postJson(path, body);
    expect(response.status, response.text).toBe(400);
    expect(response.body.error).toMatch(/must be at most 2147483647/);
  });

  test('the largest id is read as a missing one', async () => {
    expect((await user.client.get('/api/opponent-prep/2147483647')).status).toBe(404);
    const answer = await user.client.postJson('/api/drill/answer', { id: 2_147_483_647, uci: 'e2e4' });
    expect(answer.status, answer.text).toBe(404);
  });
});
