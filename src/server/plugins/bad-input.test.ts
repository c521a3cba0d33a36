import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  signedInUser,
  type TestUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PGN = '[Event "Casual"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *';
const NUL = '\u0000';

describe.each(testDatabaseKinds())('bad input is a 400 on %s', (kind) => {
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

  const review = (overrides: Record<string, unknown> = {}) => ({
    username: 'a',
    opponent_name: 'b',
    hero_color: 'White',
    date_time_played: '2025-07-19T23:12:59Z',
    site: 'Lichess',
    link: '',
    pgn: PGN,
    notes: '',
    ...overrides,
  });

  test.each([
    [
      'a card prompt',
      '/api/upsert-cards',
      () => [{ id: 'nul1', prompt: `a${NUL}b`, prompt_fen: START, answer_fen: START }],
      /prompt/,
    ],
    ['review notes', '/api/upsert-game-review', () => review({ notes: `x${NUL}` }), /notes/],
    ['a PGN comment', '/api/upsert-game-review', () => review({ pgn: PGN.replace('e5', `e5 {a${NUL}b}`) }), /pgn/],
    ['a study title', '/api/update-study', () => ({ color: 'white', title: `t${NUL}`, study_text: PGN }), /title/],
  ])('a NUL in %s answers 400 naming the field', async (_what, path, body, field) => {
    const response = await user.client.postJson(path, body());
    expect(response.status, response.text).toBe(400);
    expect(response.body.error).toMatch(field);
    expect(response.body.error).toMatch(/NUL/);
  });

  test('a NUL in the login name answers 400', async () => {
    const response = await server
      .client()
      .postForm('/api/login', { username: `me${NUL}`, password: 'secret-password' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/username: .*NUL/);
  });

  test('a NUL in a multipart field answers 400', async () => {
    const form = new FormData();
    form.append('opening_text', `1. e4 {x${NUL}} e5 *`);
    form.append('color', 'white');
    const response = await user.client.postMultipart('/api/consistency_check', form);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/opening_text: .*NUL/);
  });

  test('a NUL in a query answers 400', async () => {
    const response = await user.client.get('/api/lichess/studies?username=a%00b');
    expect(response.status).toBe(400);
  });

  test('an invalid FEN in upsert-mistake answers 400 and stores nothing', async () => {
    const saved = await user.client.postJson('/api/upsert-game-review', review());
    expect(saved.status, saved.text).toBe(200);
    const id = saved.body.api_data.id;
    const response = await user.client.postJson('/api/upsert-mistake', {
      game_review_id: id,
      ply: 3,
      fen: 'not a fen',
      move: 'e4',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/fen/);
    const mistakes = await user.client.postJson('/api/get-mistakes', { game_review_id: id });
    expect(mistakes.body.api_data).toEqual([]);
    const good = await user.client.postJson('/api/upsert-mistake', {
      game_review_id: id,
      ply: 1,
      fen: START,
      move: 'e4',
    });
    expect(good.status, good.text).toBe(200);
    const empty = await user.client.postJson('/api/upsert-mistake', {
      game_review_id: id,
      ply: 1,
      fen: '',
      move: 'e4',
    });
    expect(empty.status, empty.text).toBe(200);
  });

  test.each(['abc', 'abcdefg!', 'abcdefghi', '..%2F..%2Fx'])('a malformed study id %s answers 400', async (id) => {
    const response = await user.client.get(`/api/lichess/study/${id}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/study id/);
  });
});
