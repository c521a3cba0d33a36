import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { scheduleOptimisations } from '../db/schema.js';

/**
 * One "Optimise my schedule" per player per cooldown, on every process: a run claims the player's row
 * in one statement, so two processes asked at once cannot both start. A run whose process died is
 * taken over after STALE_RUN_MS; a run that changed nothing gives its claim back.
 */

/** A run still unfinished after this is taken to have died with its process. */
const STALE_RUN_MS = 10 * 60_000;

export type OptimiseClaim =
  { ok: true } | { ok: false; running: true } | { ok: false; running: false; lastAt: Date; retryInMs: number };

export async function claimOptimisation(
  db: Db,
  userId: number,
  cooldownMs: number,
  now = new Date(),
): Promise<OptimiseClaim> {
  const claimed = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      insert into schedule_optimisations (user_id, started_at) values (${userId}, ${now.toISOString()})
      on conflict (user_id) do update set started_at = excluded.started_at, finished_at = null
      where (schedule_optimisations.finished_at is not null
             and schedule_optimisations.finished_at <= ${new Date(now.getTime() - cooldownMs).toISOString()})
         or (schedule_optimisations.finished_at is null
             and schedule_optimisations.started_at <= ${new Date(now.getTime() - STALE_RUN_MS).toISOString()})
      returning user_id`),
  );
  if (claimed.length > 0) return { ok: true };
  const [row] = await db.select().from(scheduleOptimisations).where(eq(scheduleOptimisations.userId, userId));
  if (!row?.finishedAt) return { ok: false, running: true };
  const retryInMs = Math.max(0, row.finishedAt.getTime() + cooldownMs - now.getTime());
  return { ok: false, running: false, lastAt: row.finishedAt, retryInMs };
}

/** The run ended with new weights: the cooldown counts from now. */
export async function finishOptimisation(db: Db, userId: number): Promise<void> {
  await db
    .update(scheduleOptimisations)
    .set({ finishedAt: new Date() })
    .where(eq(scheduleOptimisations.userId, userId));
}

/** The run changed nothing (too few reviews, a failed fit): the player may try again at once. */
export async function releaseOptimisation(db: Db, userId: number): Promise<void> {
  await db.delete(scheduleOptimisations).where(eq(scheduleOptimisations.userId, userId));
}
