import { and, desc, eq, lt } from 'drizzle-orm';
import type { Color, CoveragePosition, Hole } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { coverageRuns } from '../db/schema.js';
import type { StatsFilter } from './stats-key.js';

/**
 * The SQL of the coverage_runs rows: a player's latest check per colour, running or ended, so that any tab
 * (or another app process) can show it. A running row's heartbeat is refreshed by the process
 * doing the work; a row whose heartbeat has gone quiet belongs to a process that died.
 */

/** A running row whose heartbeat is older than this is shown as failed. */
export const HEARTBEAT_STALE_MS = 30_000;
export const HEARTBEAT_EVERY_MS = 5_000;

export const DIED_MESSAGE =
  'The coverage check stopped when the app was restarted; run it again to resume from the cache.';
export const REPLACED_MESSAGE = 'This coverage check was replaced by a newer one.';
export const SHUTDOWN_MESSAGE =
  'The coverage check stopped because the app was shut down; run it again to resume from the cache.';
export const STOPPED_MESSAGE = 'The coverage check was stopped; the holes found so far are listed.';

export type RunStatus = 'running' | 'done' | 'failed';

/** GET /api/coverage/latest, with the colour and the per-position report once ended. */
export interface CoverageRunView {
  status: RunStatus;
  color: Color;
  speeds: string;
  ratings: string;
  done: number;
  total: number;
  holes: Hole[];
  settled: number;
  bound: number;
  results: string;
  report: CoveragePosition[];
}

export interface RunProgress {
  done: number;
  total: number;
  holes: Hole[];
  settled: number;
  bound: number;
}

/** Marks the player's running checks of that colour failed (replaced), then opens a new one. */
export async function openRun(
  db: Db,
  userId: number,
  color: Color,
  filter: StatsFilter,
  total: number,
): Promise<number> {
  await db
    .update(coverageRuns)
    .set({ status: 'failed', results: REPLACED_MESSAGE, updatedAt: new Date() })
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color), eq(coverageRuns.status, 'running')));
  const [row] = await db
    .insert(coverageRuns)
    .values({ userId, color, status: 'running', speeds: filter.speeds, ratings: filter.ratings, total })
    .returning({ id: coverageRuns.id });
  return row.id;
}

/** Live progress of a running check; false when the row is no longer running (replaced or stopped elsewhere). */
export async function saveRunProgress(db: Db, id: number, progress: RunProgress): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(coverageRuns)
    .set({ ...progress, updatedAt: now, heartbeatAt: now })
    .where(and(eq(coverageRuns.id, id), eq(coverageRuns.status, 'running')))
    .returning({ id: coverageRuns.id });
  return rows.length > 0;
}

export async function beatRun(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(coverageRuns)
    .set({ heartbeatAt: new Date() })
    .where(and(eq(coverageRuns.id, id), eq(coverageRuns.status, 'running')))
    .returning({ id: coverageRuns.id });
  return rows.length > 0;
}

/** The end of a check; a row already ended elsewhere (replaced, stopped) keeps its end. */
export async function endRun(
  db: Db,
  id: number,
  end: RunProgress & { status: 'done' | 'failed'; results: string; report: CoveragePosition[] },
): Promise<void> {
  const now = new Date();
  await db
    .update(coverageRuns)
    .set({ ...end, updatedAt: now, heartbeatAt: now })
    .where(and(eq(coverageRuns.id, id), eq(coverageRuns.status, 'running')));
}

/** Ends the player's running check of that colour from outside the process that runs it. */
export async function stopRunRows(db: Db, userId: number, color: Color): Promise<void> {
  await db
    .update(coverageRuns)
    .set({ status: 'done', results: STOPPED_MESSAGE, updatedAt: new Date() })
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color), eq(coverageRuns.status, 'running')));
}

export async function latestRun(
  db: Db,
  userId: number,
  color: Color,
  now = new Date(),
): Promise<CoverageRunView | null> {
  // Runs of processes that died show as failed.
  await db
    .update(coverageRuns)
    .set({ status: 'failed', results: DIED_MESSAGE, updatedAt: now })
    .where(
      and(
        eq(coverageRuns.userId, userId),
        eq(coverageRuns.status, 'running'),
        lt(coverageRuns.heartbeatAt, new Date(now.getTime() - HEARTBEAT_STALE_MS)),
      ),
    );
  const [row] = await db
    .select()
    .from(coverageRuns)
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color)))
    .orderBy(desc(coverageRuns.id))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    color: row.color,
    speeds: row.speeds,
    ratings: row.ratings,
    done: row.done,
    total: row.total,
    holes: row.holes as Hole[],
    settled: row.settled,
    bound: row.bound,
    results: row.results,
    report: (row.report as CoveragePosition[] | null) ?? [],
  };
}
