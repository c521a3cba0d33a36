import { eq, sql } from 'drizzle-orm';
import type { SchedulerAnswer } from '@contract/today.js';
import { OPTIMISE_MIN_REVIEWS, type ReviewEvent } from '../../chess/review-history.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { playerSchedulers } from '../db/schema.js';
import type { FitOutcome } from './fit-schedule.js';
import { fitInWorker } from './optimise-runner.js';

/**
 * "Optimise my schedule": fits FSRS weights to the player's own card reviews and drill answers with the
 * FSRS optimizer in a worker thread (fit-schedule.ts: seconds of CPU for a long history), and keeps them
 * with how well the default and the fitted weights predicted the player's recall.
 */

export async function readReviewEvents(db: Db, userId: number): Promise<ReviewEvent[]> {
  return rowsOf<ReviewEvent>(
    await db.execute(sql`
      select 'card:' || card_id as key, rating, state, review from review_logs
        where user_id = ${userId} and rating between 1 and 4
      union all
      select 'drill:' || item_id as key, rating, state, review from drill_logs where user_id = ${userId}`),
  );
}

/** Back to the default weights: the fitted ones are dropped. */
export async function resetScheduler(db: Db, userId: number): Promise<void> {
  await db.delete(playerSchedulers).where(eq(playerSchedulers.userId, userId));
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

/** A fit that gave usable weights: what a run keeps, and saves before keeping it. */
export type FittedSchedule = Extract<FitOutcome, { ok: true }>;

/** Fits the player's history in a worker thread; a message when it is too short or the fit fails. */
export async function fitPlayerSchedule(db: Db, userId: number): Promise<FitOutcome> {
  const events = await readReviewEvents(db, userId);
  if (events.length < OPTIMISE_MIN_REVIEWS) {
    const more = OPTIMISE_MIN_REVIEWS - events.length;
    return {
      ok: false,
      message: `Optimising needs ${OPTIMISE_MIN_REVIEWS} reviews; you have ${events.length}: ${more} more to go.`,
    };
  }
  return fitInWorker(events);
}

/** Keeps the fitted weights, with how well the default and the fitted ones predicted the player's recall. */
export async function keepFittedSchedule(db: Db, userId: number, fitted: FittedSchedule): Promise<SchedulerAnswer> {
  const values = {
    weights: fitted.weights,
    reviews: fitted.before.reviews,
    actualRecall: fitted.before.actual,
    defaultRecall: fitted.before.predicted,
    fittedRecall: fitted.after.predicted,
    optimisedAt: new Date(),
  };
  await db
    .insert(playerSchedulers)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: playerSchedulers.userId, set: values });
  return schedulerState(db, userId);
}
