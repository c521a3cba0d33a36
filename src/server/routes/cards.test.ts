import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Card } from '@contract/cards.js';
import type { Database } from '../db/client.js';
import { cards, reviewLogs } from '../db/schema.js';
import { toCard } from '../cards/cards-repository.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const MINUTE = 60_000;

describe.each(testDatabaseKinds())('card calls on %s', (kind) => {
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

  /** A client signed in as a fresh user (a user row and a session, as a login makes them). */
  const signedIn = () => signedInClient(server, { prefix: 'cards' });

  const storedCards = (userId: number) => database.db.select().from(cards).where(eq(cards.userId, userId));
  const storedLogs = (userId: number) =>
    database.db.select().from(reviewLogs).where(eq(reviewLogs.userId, userId)).orderBy(reviewLogs.id);

  test('without a session every card call answers 401 user_not_logged_in', async () => {
    const client = server.client();
    expect((await client.get('/api/get-cards')).body).toEqual({ api_result: 'user_not_logged_in' });
    const upsert = await client.postJson('/api/upsert-cards', [{ id: 'a', prompt_fen: START, answer_fen: START }]);
    expect(upsert.status).toBe(401);
    expect((await client.postJson('/api/delete-card', { id: 'a' })).status).toBe(401);
    expect((await client.postJson('/api/review-card', { id: 'a', rating: 3 })).status).toBe(401);
  });

  test('a new card is stored as New, due now, and listed in the Card shape', async () => {
    const { client, userId } = await signedIn();
    const before = Date.now();
    const saved = await client.postJson('/api/upsert-cards', [
      {
        id: 'c1',
        prompt: 'Best move?',
        prompt_fen: START,
        answer: '1. e4',
        answer_fen: AFTER_E4,
        orientation: 'black',
      },
    ]);
    expect(saved.status).toBe(200);
    const { api_data } = (await client.get<{ api_data: Card[] }>('/api/get-cards')).body;
    expect(api_data).toHaveLength(1);
    const card = api_data[0];
    expect(card).toMatchObject({
      id: 'c1',
      user_id: String(userId),
      prompt: 'Best move?',
      prompt_fen: START,
      prompt_pgn: '',
      answer: '1. e4',
      answer_fen: AFTER_E4,
      answer_pgn: '',
      orientation: 'black',
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      reps: 0,
      lapses: 0,
      state: 0,
    });
    expect(card.last_review).toBeUndefined();
    expect(Date.parse(card.due)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(card.due)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('a Review card whose last review is in the future is refused, so its next review cannot fail', async () => {
    const { client, userId } = await signedIn();
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const answer = await client.postJson('/api/upsert-cards', [
      {
        id: 'future-review',
        prompt_fen: START,
        answer_fen: START,
        state: 2,
        due: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        stability: 5,
        difficulty: 5,
        elapsed_days: 0,
        scheduled_days: 7,
        reps: 3,
        lapses: 0,
        last_review: future,
      },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/last_review.*future/);
    expect(await storedCards(userId)).toEqual([]);
  });

  test("get-cards lists only the caller's cards, sorted by due date", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    await other.client.postJson('/api/upsert-cards', [{ id: 'theirs', prompt_fen: START, answer_fen: START }]);
    const dues = ['2030-01-03T00:00:00.000Z', '2020-05-01T00:00:00.000Z', '2025-07-09T10:30:00.000Z'];
    await client.postJson(
      '/api/upsert-cards',
      dues.map((due, i) => ({ id: `d${i}`, prompt_fen: START, answer_fen: START, due })),
    );
    const listed = (await client.get<{ api_data: Card[] }>('/api/get-cards')).body.api_data;
    expect(listed.map((c) => c.id)).toEqual(['d1', 'd2', 'd0']);
    expect(listed.map((c) => c.due)).toEqual([dues[1], dues[2], dues[0]]);
  });

  test('the list the database writes is exactly the stored rows in the Card shape (numbers, dates, text, order)', async () => {
    const { client, userId } = await signedIn();
    const saved = await client.postJson('/api/upsert-cards', [
      {
        id: 'b',
        prompt: 'Quotes " and \\ backslash, tab\t, é and ♞, line\nbreak',
        prompt_fen: START,
        answer_fen: AFTER_E4,
        due: '2031-02-03T04:05:06.789Z',
        stability: 12.345678901234567,
        difficulty: 0.1,
        state: 2,
        reps: 4,
        lapses: 1,
        scheduled_days: 9,
        elapsed_days: 3,
        last_review: '2025-01-25T23:59:59.001Z',
      },
      { id: 'a', prompt_fen: START, answer_fen: START, due: '2031-02-03T04:05:06.789Z' },
      {
        id: 'c',
        prompt_fen: START,
        answer_fen: START,
        due: '1999-12-31T23:59:59.999Z',
        stability: 1e-7,
        difficulty: 9.999999999999998,
      },
    ]);
    expect(saved.status).toBe(200);
    const listed = (await client.get<{ api_data: Card[] }>('/api/get-cards')).body.api_data;
    const rows = await database.db
      .select()
      .from(cards)
      .where(eq(cards.userId, userId))
      .orderBy(asc(cards.due), asc(cards.id));
    expect(listed).toStrictEqual(rows.map(toCard));
    expect(listed.map((c) => c.id)).toEqual(['c', 'a', 'b']);
    expect(listed[2]).toMatchObject({
      stability: 12.345678901234567,
      due: '2031-02-03T04:05:06.789Z',
      last_review: '2025-01-25T23:59:59.001Z',
    });
    expect('last_review' in listed[1]).toBe(false);
  });

  test("an upsert naming another user's card id makes the caller's own card and leaves theirs alone", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    await owner.client.postJson('/api/upsert-cards', [
      { id: 'shared-id', prompt: 'mine', prompt_fen: START, answer_fen: START },
    ]);
    const response = await intruder.client.postJson('/api/upsert-cards', [
      { id: 'shared-id', prompt: 'overwritten?', prompt_fen: AFTER_E4, answer_fen: AFTER_E4, user_id: owner.userId },
    ]);
    expect(response.status).toBe(200);
    const [ownerRow] = await storedCards(owner.userId);
    expect(ownerRow).toMatchObject({ id: 'shared-id', prompt: 'mine', promptFen: START });
    const [intruderRow] = await storedCards(intruder.userId);
    expect(intruderRow).toMatchObject({ id: 'shared-id', prompt: 'overwritten?', promptFen: AFTER_E4 });
    expect((await owner.client.get('/api/get-cards')).body.api_data[0].prompt).toBe('mine');
  });

  test("deleting or reviewing another user's card id behaves as a missing id", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    await owner.client.postJson('/api/upsert-cards', [{ id: 'keep', prompt_fen: START, answer_fen: START }]);
    const deleted = await intruder.client.postJson('/api/delete-card', { id: 'keep' });
    expect(deleted.body).toEqual({ api_data: { id: 'keep', deleted: false } });
    const reviewed = await intruder.client.postJson('/api/review-card', { id: 'keep', rating: 3 });
    expect(reviewed.status).toBe(404);
    const [row] = await storedCards(owner.userId);
    expect(row).toMatchObject({ id: 'keep', reps: 0, state: 0 });
    expect(await storedLogs(owner.userId)).toEqual([]);
  });

  test.each([
    [
      'an invalid prompt FEN',
      { prompt_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1' },
      /prompt_fen: 1st field/,
    ],
    [
      'an answer FEN with five fields',
      { answer_fen: '8/8/8/8/8/8/8/8 w - - 0' },
      /answer_fen: FEN string must contain six/,
    ],
    ['an unknown orientation', { orientation: 'red' }, /orientation/],
    ['a state outside 0..3', { state: 4 }, /state/],
    ['a negative stability', { stability: -1 }, /stability/],
    ['a fractional rep count', { reps: 1.5 }, /reps/],
    ['reps as text', { reps: '3' }, /reps/],
    ['an unparsable due date', { due: 'tomorrow' }, /due/],
    ['a missing id', { id: undefined }, /id/],
    ['an unknown field', { colour: 'white' }, /colour/],
  ])('a list with %s is refused with 400 and nothing is stored', async (_name, change, message) => {
    const { client, userId } = await signedIn();
    const good = (id: string) => ({ id, prompt_fen: START, answer_fen: AFTER_E4 });
    const response = await client.postJson('/api/upsert-cards', [
      good('ok-1'),
      { ...good('bad'), ...change },
      good('ok-2'),
    ]);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
    expect(await storedCards(userId)).toEqual([]);
  });

  test('a body that is not a list, or repeats an id, is refused with 400', async () => {
    const { client, userId } = await signedIn();
    const one = { id: 'x', prompt_fen: START, answer_fen: START };
    expect((await client.postJson('/api/upsert-cards', one)).status).toBe(400);
    const twice = await client.postJson('/api/upsert-cards', [one, one]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/appears twice/);
    expect(await storedCards(userId)).toEqual([]);
  });

  test('a thousand cards are saved and loaded in one call each', async () => {
    const { client, userId } = await signedIn();
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    const many = Array.from({ length: 1000 }, (_, i) => ({
      id: `bulk-${i}`,
      prompt: `Card ${i}`,
      prompt_fen: START,
      answer_fen: AFTER_E4,
      // Reverse order, so sorting by due is visible.
      due: new Date(base + (999 - i) * MINUTE).toISOString(),
    }));
    const saved = await client.postJson('/api/upsert-cards', many);
    expect(saved.status).toBe(200);
    expect(saved.body.api_data).toHaveLength(1000);
    expect(await storedCards(userId)).toHaveLength(1000);
    const listed = (await client.get<{ api_data: Card[] }>('/api/get-cards')).body.api_data;
    expect(listed).toHaveLength(1000);
    expect(listed[0].id).toBe('bulk-999');
    expect(listed[999].id).toBe('bulk-0');
    const dues = listed.map((c) => Date.parse(c.due));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
  });

  test('editing a card changes its texts and boards but keeps its schedule, with no log row', async () => {
    const { client, userId } = await signedIn();
    await client.postJson('/api/upsert-cards', [{ id: 'e', prompt: 'old', prompt_fen: START, answer_fen: START }]);
    await client.postJson('/api/review-card', { id: 'e', rating: 3 });
    const [reviewed] = (await client.get('/api/get-cards')).body.api_data as Card[];
    const edited = await client.postJson('/api/upsert-cards', [
      { ...reviewed, prompt: 'new', answer: 'e4!', answer_fen: AFTER_E4 },
    ]);
    expect(edited.status).toBe(200);
    const [after] = (await client.get('/api/get-cards')).body.api_data as Card[];
    expect(after).toEqual({ ...reviewed, prompt: 'new', answer: 'e4!', answer_fen: AFTER_E4 });
    expect((await storedLogs(userId)).map((l) => l.rating)).toEqual([3]);
  });

  test('a schedule changed through upsert is written to the review log as a Manual review', async () => {
    const { client, userId } = await signedIn();
    await client.postJson('/api/upsert-cards', [{ id: 'm', prompt_fen: START, answer_fen: START }]);
    const [card] = (await client.get('/api/get-cards')).body.api_data as Card[];
    const moved = {
      ...card,
      due: '2031-02-03T04:05:06.000Z',
      state: 2,
      reps: 4,
      stability: 12.5,
      difficulty: 5,
      scheduled_days: 30,
    };
    await client.postJson('/api/upsert-cards', [moved]);
    const logs = await storedLogs(userId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ cardId: 'm', rating: 0, state: 0, stability: 0, scheduledDays: 0 });
    expect(logs[0].due.toISOString()).toBe(card.due);
    const [stored] = (await client.get('/api/get-cards')).body.api_data as Card[];
    expect(stored).toMatchObject({ due: '2031-02-03T04:05:06.000Z', state: 2, reps: 4 });
  });

  test('a review schedules on the server and writes its log row in the same transaction', async () => {
    const { client, userId } = await signedIn();
    await client.postJson('/api/upsert-cards', [{ id: 'r', prompt_fen: START, answer_fen: START }]);
    const t0 = Date.now();
    const again = await client.postJson('/api/review-card', { id: 'r', rating: 1 });
    expect(again.status).toBe(200);
    const afterAgain: Card = again.body.api_data.card;
    expect(afterAgain).toMatchObject({ id: 'r', state: 1, reps: 1, lapses: 0 });
    const dueIn = Date.parse(afterAgain.due) - Date.parse(afterAgain.last_review!);
    expect(dueIn).toBe(MINUTE);
    expect(Date.parse(afterAgain.last_review!)).toBeGreaterThanOrEqual(t0 - 1000);

    const good = await client.postJson('/api/review-card', { id: 'r', rating: 3 });
    const afterGood: Card = good.body.api_data.card;
    // A Learning card rated Good goes to Review with an interval in days.
    expect(afterGood).toMatchObject({ state: 2, reps: 2 });
    expect(afterGood.scheduled_days).toBeGreaterThanOrEqual(1);
    expect(Date.parse(afterGood.due) - Date.parse(afterGood.last_review!)).toBe(afterGood.scheduled_days * 86_400_000);

    const logs = await storedLogs(userId);
    expect(logs.map((l) => [l.cardId, l.rating, l.state])).toEqual([
      ['r', 1, 0],
      ['r', 3, 1],
    ]);
    expect(good.body.api_data.log).toMatchObject({ rating: 3, state: 1 });
    const [row] = await database.db
      .select()
      .from(cards)
      .where(and(eq(cards.userId, userId), eq(cards.id, 'r')));
    expect(row.reps).toBe(2);
    // The list's stored JSON follows every change to the row.
    expect((await client.get<{ api_data: Card[] }>('/api/get-cards')).body.api_data).toStrictEqual([afterGood]);
  });

  test("a review caps intervals at the review screen's 1000 days, keeping Easy two days past Hard", async () => {
    const { client } = await signedIn();
    const longAgo = new Date(Date.now() - 3000 * 86_400_000).toISOString();
    await client.postJson('/api/upsert-cards', [
      {
        id: 'old',
        prompt_fen: START,
        answer_fen: START,
        state: 2,
        reps: 20,
        stability: 30000,
        difficulty: 1,
        scheduled_days: 3000,
        due: longAgo,
        last_review: longAgo,
      },
    ]);
    const easy = await client.postJson('/api/review-card', { id: 'old', rating: 4 });
    expect(easy.status).toBe(200);
    // Without the cap this card would go years ahead. ts-fsrs caps Hard at 1000 and then keeps
    // Good >= Hard + 1 and Easy >= Good + 1, so Easy lands at 1002.
    expect(easy.body.api_data.card.scheduled_days).toBe(1002);
  });

  test.each<[unknown, string]>([
    [0, 'Manual'],
    [5, 'out of range'],
    ['3', 'text'],
  ])('a review with rating %s (%s) is refused with 400 and changes nothing', async (rating) => {
    const { client, userId } = await signedIn();
    await client.postJson('/api/upsert-cards', [{ id: 'n', prompt_fen: START, answer_fen: START }]);
    const response = await client.postJson('/api/review-card', { id: 'n', rating });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/Again \(1\), Hard \(2\), Good \(3\) or Easy \(4\)/);
    expect((await storedCards(userId))[0]).toMatchObject({ reps: 0, state: 0 });
    expect(await storedLogs(userId)).toEqual([]);
  });

  test('a deleted card is gone from the list, and its review history is kept', async () => {
    const { client, userId } = await signedIn();
    await client.postJson('/api/upsert-cards', [
      { id: 'gone', prompt_fen: START, answer_fen: START },
      { id: 'stays', prompt_fen: START, answer_fen: START },
    ]);
    await client.postJson('/api/review-card', { id: 'gone', rating: 4 });
    const response = await client.postJson('/api/delete-card', { id: 'gone' });
    expect(response.body).toEqual({ api_data: { id: 'gone', deleted: true } });
    const listed = (await client.get('/api/get-cards')).body.api_data as Card[];
    expect(listed.map((c) => c.id)).toEqual(['stays']);
    expect((await storedLogs(userId)).map((l) => [l.cardId, l.rating])).toEqual([['gone', 4]]);
  });
});
