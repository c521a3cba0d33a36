import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reviewPayload } from '../../../test/game-review-payload.js';
import {
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  type Json,
  signedInUser,
  type TestUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const PGN = `[Event "Rated blitz game"]
[Site "https://lichess.org/abcd1234"]
[White "hero"]
[Black "villain"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0
`;

let linkCounter = 0;
const review = (overrides: Record<string, unknown> = {}) =>
  reviewPayload({
    username: 'hero',
    opponent_name: 'villain',
    link: `https://lichess.org/game${(linkCounter += 1)}`,
    pgn: PGN,
    ...overrides,
  });

describe.each(testDatabaseKinds())('game review calls on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    alice = await signedInUser(server.app, server.url);
    bob = await signedInUser(server.app, server.url);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const save = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await user.client.postJson('/api/upsert-game-review', body);
    expect(response.status, response.text).toBe(200);
    return response.body.api_data;
  };
  const reviewsOf = async (user: TestUser) => (await user.client.get('/api/get-game-reviews')).body.api_data as Json[];

  test('every call needs a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/get-game-reviews')).body).toEqual({ api_result: 'user_not_logged_in' });
    for (const path of [
      '/api/upsert-game-review',
      '/api/upsert-mistake',
      '/api/get-mistakes',
      '/api/delete-game-review',
    ]) {
      expect((await anonymous.postJson(path, {})).status).toBe(401);
    }
  });

  test('a saved review comes back with an id, empty mistakes and the fields sent', async () => {
    const saved = await save(alice, review({ link: 'https://lichess.org/fields01', hero_color: 'black' }));
    expect(saved).toMatchObject({
      id: expect.any(Number),
      user_id: alice.id,
      hero_color: 'Black',
      date_time_played: '2025-07-19T23:12:59.000Z',
      link: 'https://lichess.org/fields01',
      pgn: PGN,
      result: 1,
      mistakes: [],
      moves: [],
    });
    const listed = (await reviewsOf(alice)).find((r) => r.id === saved.id);
    expect(listed).toEqual(saved);
  });

  test('a full Game record is accepted and the PGN-style date is read as UTC', async () => {
    const saved = await save(alice, {
      ...review(),
      date_time_played: '2024.01.02 03:04:05',
      actual_opening: 'C60 Ruy Lopez',
      hero_opening: '',
      opponent_color: 'Black',
      move_left_opening: null,
      mistakes: [],
      moves: [],
    });
    expect(saved.date_time_played).toBe('2024-01-02T03:04:05.000Z');
    expect(saved).not.toHaveProperty('actual_opening');
  });

  test('reviews are listed newest played first', async () => {
    const user = await signedInUser(server.app, server.url);
    await save(user, review({ date_time_played: '2023-05-01T10:00:00Z', opponent_name: 'middle' }));
    await save(user, review({ date_time_played: '2025-05-01T10:00:00Z', opponent_name: 'newest' }));
    await save(user, review({ date_time_played: '2021-05-01T10:00:00Z', opponent_name: 'oldest' }));
    expect((await reviewsOf(user)).map((r) => r.opponent_name)).toEqual(['newest', 'middle', 'oldest']);
  });

  test('saving the same game twice keeps one review with its notes', async () => {
    const user = await signedInUser(server.app, server.url);
    const first = await save(user, review({ link: 'https://lichess.org/twice001' }));
    await save(user, { id: first.id, notes: 'keep me' });
    const second = await save(user, review({ link: 'https://lichess.org/twice001' }));
    expect(second.id).toBe(first.id);
    expect(second.notes).toBe('keep me');
    expect(await reviewsOf(user)).toHaveLength(1);
  });

  test('an update with an id changes only the fields sent', async () => {
    const saved = await save(alice, review({ notes: 'first' }));
    const updated = await save(alice, { id: saved.id, notes: 'Missed 12... Nxe4' });
    expect(updated).toEqual({ ...saved, notes: 'Missed 12... Nxe4' });
  });

  test.each([
    ['no pgn', { pgn: undefined }, /pgn/],
    ['empty pgn', { pgn: '   ' }, /pgn is required/],
    ['an illegal move', { pgn: '1. e4 e5 2. Ke3 *' }, /illegal move 2\. Ke3/],
    ['a bad colour', { hero_color: 'green' }, /hero_color/],
    ['a bad date', { date_time_played: 'yesterday' }, /date_time_played/],
    ['notes too long', { notes: 'x'.repeat(20_001) }, /notes/],
    ['a result out of range', { result: 2 }, /result/],
  ])('a review with %s is refused with 400 and nothing is stored', async (_name, change, message) => {
    const user = await signedInUser(server.app, server.url);
    const response = await user.client.postJson('/api/upsert-game-review', review(change));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect(await reviewsOf(user)).toEqual([]);
  });

  test('a body that is not JSON is a 400', async () => {
    const response = await alice.client.request('POST', '/api/upsert-game-review', '{"pgn":', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('error');
  });

  test('mistakes are added, listed, updated and returned with their review', async () => {
    const saved = await save(alice, review());
    const add = await alice.client.postJson('/api/upsert-mistake', {
      game_review_id: saved.id,
      ply: 6,
      fen: 'r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4',
      move: 'a6',
      better_move: 'Nf6',
      notes: 'Berlin is safer',
    });
    expect(add.status).toBe(200);
    const mistake = add.body.api_data;
    expect(mistake).toMatchObject({
      id: expect.any(Number),
      game_review_id: saved.id,
      ply: 6,
      move: 'a6',
      better_move: 'Nf6',
    });

    const edit = await alice.client.postJson('/api/upsert-mistake', {
      id: mistake.id,
      game_review_id: saved.id,
      notes: 'or a6 is fine',
    });
    expect(edit.body.api_data).toEqual({ ...mistake, notes: 'or a6 is fine' });

    const listed = await alice.client.postJson('/api/get-mistakes', { game_review_id: saved.id });
    expect(listed.body).toEqual({ api_data: [{ ...mistake, notes: 'or a6 is fine' }] });
    const withReview = (await reviewsOf(alice)).find((r) => r.id === saved.id);
    expect(withReview.mistakes).toEqual([{ ...mistake, notes: 'or a6 is fine' }]);
  });

  test('delete-game-review deletes a mistake by mistake_id and a review by game_review_id', async () => {
    const saved = await save(alice, review());
    const mistake = (await alice.client.postJson('/api/upsert-mistake', { game_review_id: saved.id, ply: 3 })).body
      .api_data;

    const dropMistake = await alice.client.postJson('/api/delete-game-review', { mistake_id: mistake.id });
    expect(dropMistake.body).toEqual({ api_data: { deleted: 'mistake', id: mistake.id } });
    expect((await alice.client.postJson('/api/get-mistakes', { game_review_id: saved.id })).body.api_data).toEqual([]);

    const dropReview = await alice.client.postJson('/api/delete-game-review', { game_review_id: saved.id });
    expect(dropReview.body).toEqual({ api_data: { deleted: 'game_review', id: saved.id } });
    expect((await reviewsOf(alice)).some((r) => r.id === saved.id)).toBe(false);
    expect((await alice.client.postJson('/api/delete-game-review', { game_review_id: saved.id })).status).toBe(404);
  });

  test.each([
    ['neither id', {}],
    ['both ids', { game_review_id: 1, mistake_id: 1 }],
    ['a non-numeric id', { game_review_id: 'abc' }],
  ])('delete-game-review with %s is a 400', async (_name, body) => {
    const response = await alice.client.postJson('/api/delete-game-review', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
  });

  test("another user's review and mistakes behave as missing and stay untouched", async () => {
    const mine = await save(alice, review({ notes: 'private notes' }));
    const mistake = (
      await alice.client.postJson('/api/upsert-mistake', { game_review_id: mine.id, ply: 2, notes: 'mine' })
    ).body.api_data;

    expect((await reviewsOf(bob)).some((r) => r.id === mine.id)).toBe(false);
    const attempts = [
      ['/api/upsert-game-review', { id: mine.id, notes: 'hacked' }],
      ['/api/get-mistakes', { game_review_id: mine.id }],
      ['/api/upsert-mistake', { game_review_id: mine.id, ply: 1 }],
      ['/api/delete-game-review', { game_review_id: mine.id }],
      ['/api/delete-game-review', { mistake_id: mistake.id }],
    ] as const;
    for (const [path, body] of attempts) {
      const theirs = await bob.client.postJson(path, body);
      const missing = await bob.client.postJson(path, { ...body, ...idsOf(body, 2_000_000_000) });
      expect(theirs.status, path).toBe(404);
      expect(theirs.body, path).toEqual(missing.body);
    }
    // Bob's own review cannot adopt Alice's mistake either.
    const bobs = await save(bob, review());
    const move = await bob.client.postJson('/api/upsert-mistake', {
      id: mistake.id,
      game_review_id: bobs.id,
      notes: 'taken',
    });
    expect(move.status).toBe(404);

    const after = (await reviewsOf(alice)).find((r) => r.id === mine.id);
    expect(after.notes).toBe('private notes');
    expect(after.mistakes).toEqual([mistake]);
  });
});

function idsOf(body: Record<string, unknown>, missingId: number) {
  return Object.fromEntries(
    Object.keys(body)
      .filter((k) => k === 'id' || k.endsWith('_id'))
      .map((k) => [k, missingId]),
  );
}
