import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reviewPayload } from '../../../test/game-review-payload.js';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { SMALL_STUDY } from '../openings/testdata/small-study.js';

const PGN = '[White "hero"]\n[Black "villain"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n';
const BAD_LINKS = ['javascript:alert(document.cookie)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.example/x'];

describe.each(testDatabaseKinds())('stored links and id types on %s', (kind) => {
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

  test.each(BAD_LINKS)('a review link %s is refused with 400 and nothing is stored', async (link) => {
    const { client } = await signedInClient(server);
    const response = await client.postJson('/api/upsert-game-review', reviewPayload({ link, pgn: PGN }));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/link: must be an http\(s\) link/);
    expect((await client.get('/api/get-game-reviews')).body.api_data).toEqual([]);
  });

  test('a review with an https link or none is stored', async () => {
    const { client } = await signedInClient(server);
    const linked = await client.postJson(
      '/api/upsert-game-review',
      reviewPayload({ link: 'https://lichess.org/abcdefgh', pgn: PGN }),
    );
    expect(linked.status, linked.text).toBe(200);
    const unlinked = await client.postJson('/api/upsert-game-review', reviewPayload({ link: '', pgn: PGN }));
    expect(unlinked.status, unlinked.text).toBe(200);
  });

  test.each(BAD_LINKS)('a study link %s is refused with 400', async (link) => {
    const { client } = await signedInClient(server);
    const response = await client.postJson('/api/update-study', {
      color: 'white',
      title: 'Mine',
      link,
      study_text: SMALL_STUDY,
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/link/);
    const stored = (await client.get('/api/get-studies')).body.api_data;
    expect(JSON.stringify(stored)).not.toContain(link);
  });

  test('get-mistakes with game_review_id given as a list is refused with 400', async () => {
    const { client } = await signedInClient(server);
    const saved = await client.postJson(
      '/api/upsert-game-review',
      reviewPayload({ link: 'https://lichess.org/listid01', pgn: PGN }),
    );
    const id = saved.body.api_data.id;
    await client.postJson('/api/upsert-mistake', { game_review_id: id, ply: 1, notes: 'x' });
    for (const value of [[id], { id }, true]) {
      const response = await client.postJson('/api/get-mistakes', { game_review_id: value });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(response.body.error).toMatch(/game_review_id/);
    }
    const ok = await client.postJson('/api/get-mistakes', { game_review_id: String(id) });
    expect(ok.body.api_data).toHaveLength(1);
  });
});
