import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  REVIEW_SCREEN_MAXIMUM_INTERVAL,
  defaultScheduler,
  makeScheduler,
  reviewScreenScheduler,
  type Scheduler,
} from '../../chess/scheduling.js';
import type { Db } from '../db/client.js';
import { playerSchedulers } from '../db/schema.js';

/**
 * The scheduler that schedules a player's reviews: built from the weights fitted to their own history
 * once they optimised, the app's default otherwise. Cards are scored on the review screen (intervals
 * up to 1000 days); the drill uses the app's full range.
 */
export type SchedulerUse = 'cards' | 'drill';

/** Schedulers built from stored weights kept in an app (app.todayMemory.schedulers). */
const BUILT_MAX = 1000;

/** The player's scheduler, read with `db` (the caller's transaction). */
export async function playerScheduler(
  app: FastifyInstance,
  db: Db,
  userId: number,
  use: SchedulerUse,
): Promise<Scheduler> {
  const [row] = await db
    .select({ weights: playerSchedulers.weights })
    .from(playerSchedulers)
    .where(eq(playerSchedulers.userId, userId));
  const weights = row?.weights as number[] | undefined;
  return weights ? schedulerOf(app, weights, use) : use === 'cards' ? reviewScreenScheduler : defaultScheduler;
}

export function schedulerOf(app: FastifyInstance, weights: readonly number[], use: SchedulerUse): Scheduler {
  const built = app.todayMemory.schedulers;
  const key = `${use}:${weights.join(',')}`;
  let scheduler = built.get(key);
  if (!scheduler) {
    const made = makeScheduler({
      weights,
      ...(use === 'cards' ? { maximumInterval: REVIEW_SCREEN_MAXIMUM_INTERVAL } : {}),
    });
    // Stored weights were checked when fitted; should a row be broken, the default schedules.
    if (made.isErr) return use === 'cards' ? reviewScreenScheduler : defaultScheduler;
    scheduler = made.value;
    if (built.size >= BUILT_MAX) built.delete(built.keys().next().value!);
    built.set(key, scheduler);
  }
  return scheduler;
}
