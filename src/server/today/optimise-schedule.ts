import { computeParameters, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { eq, sql } from 'drizzle-orm';
import type { SchedulerAnswer } from '@contract/today.js';
import {
  OPTIMISE_MIN_REVIEWS,
  appWeights,
  predictedRecall,
  reviewHistories,
  trainingItems,
  type ReviewEvent,
  type ReviewStep,
} from '../../chess/review-history.js';
import { defaultScheduler, migrateWeights } from '../../chess/scheduling.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { playerSchedulers } from '../db/schema.js';
import { schedulerOf } from './player-scheduler.js';

/**
 * "Optimise my schedule": fits FSRS weights to the player's own card reviews and drill answers with the
 * FSRS optimizer (fsrs-rs; its training runs on libuv's thread pool, off the event loop), compares how
 * well the default and the fitted weights predict the player's recall, and keeps the fitted ones.
 */

export type OptimiseOutcome = { ok: true; answer: SchedulerAnswer } | { ok: false; message: string };

export async function readReviewEvents(db: Db, userId: number): Promise<ReviewEvent[]> {
  return rowsOf<ReviewEvent>(
    await db.execute(sql`
      select 'card:' || card_id as key, rating, state, review from review_logs
        where user_id = ${userId} and rating between 1 and 4
      union all
      select 'drill:' || item_id as key, rating, state, review from drill_logs where user_id = ${userId}`),
  );
}

export async function schedulerState(db: Db, userId: number): Promise<SchedulerAnswer> {
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select (select count(*) from review_logs where user_id = ${userId} and rating between 1 and 4)
        + (select count(*) from drill_logs where user_id = ${userId}) as n`),
  );
  const [row] = await db.select().from(playerSchedulers).where(eq(playerSchedulers.userId, userId));
  return {
    weights: (row?.weights as number[] | undefined) ?? null,
    reviews: Number(counted?.n ?? 0),
    needed: OPTIMISE_MIN_REVIEWS,
    optimised_at: row ? row.optimisedAt.toISOString() : null,
    fit:
      row && row.actualRecall !== null && row.defaultRecall !== null && row.fittedRecall !== null
        ? { reviews: row.reviews, actual: row.actualRecall, before: row.defaultRecall, after: row.fittedRecall }
        : null,
  };
}

export async function optimiseSchedule(db: Db, userId: number): Promise<OptimiseOutcome> {
  const events = await readReviewEvents(db, userId);
  if (events.length < OPTIMISE_MIN_REVIEWS) {
    const more = OPTIMISE_MIN_REVIEWS - events.length;
    return {
      ok: false,
      message: `Optimising needs ${OPTIMISE_MIN_REVIEWS} reviews; you have ${events.length}: ${more} more to go.`,
    };
  }
  const histories = reviewHistories(events);
  const fitted = await fitWeights(histories);
  if (!fitted.ok) return fitted;
  const before = predictedRecall(histories, defaultScheduler);
  const after = predictedRecall(histories, schedulerOf(fitted.weights, 'drill'));
  if (!before || !after) {
    return { ok: false, message: 'Your history has no reviews a day or more apart yet: nothing was changed.' };
  }
  const values = {
    weights: fitted.weights,
    reviews: before.reviews,
    actualRecall: before.actual,
    defaultRecall: before.predicted,
    fittedRecall: after.predicted,
    optimisedAt: new Date(),
  };
  await db
    .insert(playerSchedulers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: playerSchedulers.userId, set: values });
  return { ok: true, answer: await schedulerState(db, userId) };
}

async function fitWeights(
  histories: ReviewStep[][],
): Promise<{ ok: true; weights: number[] } | { ok: false; message: string }> {
  const items = trainingItems(histories).map(
    (steps) => new FSRSBindingItem(steps.map(([rating, days]) => new FSRSBindingReview(rating, days))),
  );
  if (items.length === 0) {
    return {
      ok: false,
      message: 'Your reviews are all on the same day as the one before: nothing to fit yet, nothing was changed.',
    };
  }
  let raw: number[];
  try {
    raw = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Your review history could not be fitted (${reason}): nothing was changed.` };
  }
  const weights = appWeights(raw);
  // Kept as the scheduler uses them: within ts-fsrs's ranges.
  const usable = weights && migrateWeights(weights);
  if (!usable || usable.isErr)
    return { ok: false, message: 'The optimizer gave no usable weights: nothing was changed.' };
  return { ok: true, weights: usable.value };
}
