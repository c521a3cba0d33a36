import { eq, sql } from 'drizzle-orm';
import { fsrs, Rating, type Card as FsrsCard } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import { DEFAULT_WEIGHTS } from '../../chess/scheduling.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { cards, drillItems, playerSchedulers, reviewLogs, scheduleOptimisations } from '../db/schema.js';

const DAY = 86_400_000;
/** Reviews minutes apart stay on one UTC day only when they start well before midnight. */
const noonTwoDaysAgo = () => Math.floor(Date.now() / DAY) * DAY - 2 * DAY + DAY / 2;
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

/**
 * Reviews of `cardCount` cards, `perCard` each, scheduled by the app's default weights (reviews a little
 * late) and answered by a learner who forgets faster than those weights expect: recall follows a
 * forgetting curve with a third of the stability. Without `spread`, every review is minutes apart.
 */
function simulatedLogs(userId: number, cardCount: number, perCard: number, start: number, spread = true) {
  const app = fsrs({ enable_fuzz: false, enable_short_term: true });
  const learner = fsrs({ enable_fuzz: false, enable_short_term: true });
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const logs: (typeof reviewLogs.$inferInsert)[] = [];
  for (let c = 0; c < cardCount; c++) {
    let card: FsrsCard = {
      due: new Date(start),
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      reps: 0,
      lapses: 0,
      state: 0,
    };
    let at = start + c * 3_600_000;
    for (let r = 0; r < perCard; r++) {
      if (spread) at = Math.max(at + 60_000, card.due.getTime() + (r === 0 ? 0 : random() * 2 * DAY));
      else at = start + c * 1000 + r * 60_000;
      const recall =
        card.state === 0
          ? 0.7
          : learner.forgetting_curve(Math.max(0, (at - card.last_review!.getTime()) / DAY), card.stability / 3);
      const p = random();
      const rating =
        p >= recall ? Rating.Again : random() < 0.2 ? Rating.Hard : random() < 0.9 ? Rating.Good : Rating.Easy;
      const { card: next, log } = app.next(card, new Date(at), rating);
      logs.push({
        userId,
        cardId: `sim-${c}`,
        rating,
        state: log.state,
        due: log.due,
        stability: log.stability,
        difficulty: log.difficulty,
        elapsedDays: log.elapsed_days,
        lastElapsedDays: log.last_elapsed_days,
        scheduledDays: log.scheduled_days,
        review: new Date(at),
      });
      card = next;
    }
  }
  return logs;
}

describe.each(testDatabaseKinds())('own scheduler on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  test('with fewer than 400 reviews it says how many more are needed and changes nothing', async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'sched' });
    await database.db.insert(reviewLogs).values(simulatedLogs(userId, 10, 15, Date.now() - 400 * DAY));
    const state = (await client.get('/api/scheduler')).body.api_data;
    expect(state).toEqual({ weights: null, reviews: 150, needed: 400, optimised_at: null, fit: null });
    const res = await client.postJson('/api/scheduler/optimise', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Optimising needs 400 reviews; you have 150: 250 more to go.');
    expect(await database.db.select().from(playerSchedulers).where(eq(playerSchedulers.userId, userId))).toEqual([]);
    // A run that changed nothing does not count against the cooldown.
    expect((await client.postJson('/api/scheduler/optimise', {})).status).toBe(400);
  });

  test('a fit taken over from a process that died after fitting keeps what it saved and fits nothing again', async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'sched' });
    // Too few reviews to fit: a run that fitted again would end "needs 400 reviews".
    await database.db.insert(reviewLogs).values(simulatedLogs(userId, 10, 15, Date.now() - 400 * DAY));
    const weights = DEFAULT_WEIGHTS.map((w, i) => (i === 0 ? w + 0.125 : w));
    const fit = { reviews: 812, actual: 0.81, predicted: 0.86 };
    const saved = { ok: true, weights, before: fit, after: { ...fit, predicted: 0.82 } };
    await database.db.insert(scheduleOptimisations).values({ userId, startedAt: new Date() });
    await database.db.execute(sql`
      insert into player_tasks (user_id, kind, run, attempt, input, saved, status, updated_at, jobs_schema)
      values (${userId}, 'optimise', 'orphan', 'dead-process', '{}'::jsonb, ${JSON.stringify(saved)}::jsonb,
        'running', now() - interval '30 seconds', ${server.app.jobs.schema})`);
    const state = async () => (await client.get('/api/scheduler')).body.api_data;
    await vi.waitFor(async () => expect((await state()).weights).toEqual(weights), { timeout: 40_000, interval: 250 });
    expect(await state()).toMatchObject({
      reviews: 150,
      fit: { reviews: 812, actual: 0.81, before: 0.86, after: 0.82 },
    });
    const [task] = rowsOf<{ status: string; outcome: unknown; saved: unknown }>(
      await database.db.execute(
        sql`select status, outcome, saved from player_tasks where user_id = ${userId} and kind = 'optimise'`,
      ),
    );
    expect(task).toEqual({ status: 'ended', outcome: { ok: true }, saved: null });
    // The cooldown counts from the kept fit.
    expect((await client.postJson('/api/scheduler/optimise', {})).status).toBe(429);
  }, 60_000);

  test('a history with nothing a day apart cannot be fitted: a clear message, nothing changed', async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'sched' });
    await database.db.insert(reviewLogs).values(simulatedLogs(userId, 50, 9, noonTwoDaysAgo(), false));
    const res = await client.postJson('/api/scheduler/optimise', {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/nothing was changed/);
    expect((await client.get('/api/scheduler')).body.api_data.weights).toBeNull();
  }, 120_000);

  test('1,000 reviews give 19 weights, and the next card and drill reviews get the intervals they give', async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'sched' });
    await database.db.insert(reviewLogs).values(simulatedLogs(userId, 100, 10, Date.now() - 700 * DAY));
    const res = await client.postJson('/api/scheduler/optimise', {});
    expect(res.status, res.text).toBe(200);
    const answer = res.body.api_data;
    expect(answer.reviews).toBe(1000);
    expect(answer.weights).toHaveLength(19);
    expect(answer.weights.every((w: number) => Number.isFinite(w))).toBe(true);
    expect(answer.weights).not.toEqual([...DEFAULT_WEIGHTS]);
    expect(answer.fit.reviews).toBeGreaterThan(500);
    for (const figure of [answer.fit.actual, answer.fit.before, answer.fit.after]) {
      expect(figure).toBeGreaterThan(0);
      expect(figure).toBeLessThan(1);
    }
    // Fitted to this history, the weights predict its recall at least as closely as the defaults.
    expect(Math.abs(answer.fit.after - answer.fit.actual)).toBeLessThanOrEqual(
      Math.abs(answer.fit.before - answer.fit.actual) + 0.02,
    );
    const weights: number[] = answer.weights;

    const lastReview = new Date(Date.now() - 12 * DAY);
    const schedule = { stability: 9, difficulty: 6, elapsedDays: 9, scheduledDays: 9, reps: 5, lapses: 1, state: 2 };
    await database.db.insert(cards).values({
      id: 'after-optimising',
      userId,
      promptFen: AFTER_E4,
      answerFen: AFTER_E4,
      due: new Date(Date.now() - 3 * DAY),
      lastReview,
      ...schedule,
    });
    const [item] = await database.db
      .insert(drillItems)
      .values({
        userId,
        color: 'black',
        positionKey: 'k',
        fen: AFTER_E4,
        answers: [{ uci: 'c7c5', san: 'c5' }],
        due: new Date(Date.now() - 3 * DAY),
        lastReview,
        ...schedule,
      })
      .returning({ id: drillItems.id });
    const fsrsCard: FsrsCard = {
      due: new Date(Date.now() - 3 * DAY),
      stability: 9,
      difficulty: 6,
      elapsed_days: 9,
      scheduled_days: 9,
      reps: 5,
      lapses: 1,
      state: 2,
      last_review: lastReview,
    };
    const days = (w: readonly number[], max: number, at: Date) =>
      fsrs({ w: [...w], maximum_interval: max, enable_fuzz: false, enable_short_term: true }).next(
        fsrsCard,
        at,
        Rating.Good,
      ).card.scheduled_days;

    const reviewed = await client.postJson('/api/review-card', { id: 'after-optimising', rating: 3 });
    expect(reviewed.status, reviewed.text).toBe(200);
    const at = new Date(reviewed.body.api_data.log.review);
    expect(reviewed.body.api_data.card.scheduled_days).toBe(days(weights, 1000, at));
    expect(days(weights, 1000, at)).not.toBe(days(DEFAULT_WEIGHTS, 1000, at));

    const answered = await client.postJson('/api/drill/answer', { id: item.id, uci: 'c7c5' });
    expect(answered.status, answered.text).toBe(200);
    const [row] = await database.db.select().from(drillItems).where(eq(drillItems.id, item.id));
    expect(row.scheduledDays).toBe(days(weights, 36500, row.lastReview!));

    // Back to the default weights on request.
    const reset = await client.postJson('/api/scheduler/reset', {});
    expect(reset.body.api_data.weights).toBeNull();
  }, 120_000);

  test('a player optimises at most once an hour, on every process; the answer says when again', async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'sched' });
    await database.db.insert(reviewLogs).values(simulatedLogs(userId, 50, 9, Date.now() - 400 * DAY));
    const first = await client.postJson('/api/scheduler/optimise', {});
    expect(first.status, first.text).toBe(200);
    const second = await client.postJson('/api/scheduler/optimise', {});
    expect(second.status).toBe(429);
    expect(second.body.error).toMatch(
      /^Your schedule was optimised just now: you can optimise again in 60 min \(once every 60 min at most\)$/,
    );
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Another process of the deployment keeps the same cooldown.
    const other = await startTestServer(database);
    try {
      const elsewhere = other.client();
      for (const [k, v] of client.cookies) elsewhere.cookies.set(k, v);
      expect((await elsewhere.postJson('/api/scheduler/optimise', {})).status).toBe(429);
    } finally {
      await other.close();
    }
    const [kept] = await database.db.select().from(playerSchedulers).where(eq(playerSchedulers.userId, userId));
    expect(kept.weights).toEqual(first.body.api_data.weights);
  }, 120_000);

  test('one fit at a time per process: a second player asking meanwhile is told to come back', async () => {
    const players = await Promise.all([0, 1].map(() => signedInClient(server, { prefix: 'sched' })));
    for (const { userId } of players) {
      await database.db.insert(reviewLogs).values(simulatedLogs(userId, 50, 9, Date.now() - 400 * DAY));
    }
    const [a, b] = await Promise.all(players.map(({ client }) => client.postJson('/api/scheduler/optimise', {})));
    expect([a.status, b.status].sort()).toEqual([200, 503]);
    const busy = a.status === 503 ? a : b;
    expect(busy.body.error).toMatch(/being optimised right now: try again in a minute/);
    expect(busy.headers.get('retry-after')).toBe('60');
    // The refused player was not charged a cooldown.
    const refused = players[a.status === 503 ? 0 : 1];
    expect((await refused.client.postJson('/api/scheduler/optimise', {})).status).toBe(200);
  }, 120_000);
});
