import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Color, CoveragePosition, Hole } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { coverageRuns } from '../db/schema.js';
import type { StatsFilter } from './stats-key.js';

/**
 * The SQL of the coverage_runs rows: a player's latest check per colour, running or ended, so that any tab
 * (or another app process) can show it. A running row is worked by one attempt at a time: the one
 * holding its lease (a token and a time), renewed every few seconds. A lease gone stale means the
 * process died; the run is queued again and another process of the same job queue (`jobs_schema`)
 * takes it up.
 */

/**
 * A running row whose heartbeat is older than this is shown as failed: no process works on it or
 * reserves it for a job (a live one is renewed every few seconds, a waiting one at each reservation).
 */
export const HEARTBEAT_STALE_MS = 45_000;

export const DIED_MESSAGE =
  'The coverage check stopped when the app was restarted; run it again to resume from the cache.';
export const REPLACED_MESSAGE = 'This coverage check was replaced by a newer one.';

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

/** How long a lease holds without renewal: a run whose worker went quiet this long is taken over. */
export const LEASE_MS = 15_000;

export interface RunClaim {
  userId: number;
  input: unknown;
  speeds: string;
  ratings: string;
  stopRequested: boolean;
}

const leaseEnd = (ms: number) => sql`now() + ${`${ms} milliseconds`}::interval`;
const isRunning = (id: number) => and(eq(coverageRuns.id, id), eq(coverageRuns.status, 'running'));
const holdsLease = (id: number, token: string) => and(isRunning(id), eq(coverageRuns.leaseToken, token));

/**
 * Marks the player's running checks of that colour failed (replaced), then opens a new one, reserved
 * for the job about to be queued on `jobsSchema`. Returns the new id and those replaced.
 */
export async function openRun(
  db: Db,
  userId: number,
  color: Color,
  filter: StatsFilter,
  total: number,
  input: unknown,
  jobsSchema: string,
): Promise<{ id: number; replaced: number[] }> {
  const replaced = await db
    .update(coverageRuns)
    .set({ status: 'failed', results: REPLACED_MESSAGE, updatedAt: new Date(), leaseToken: null })
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color), eq(coverageRuns.status, 'running')))
    .returning({ id: coverageRuns.id });
  const [row] = await db
    .insert(coverageRuns)
    .values({
      userId,
      color,
      status: 'running',
      speeds: filter.speeds,
      ratings: filter.ratings,
      total,
      input,
      leaseUntil: leaseEnd(LEASE_MS),
      jobsSchema,
    })
    .returning({ id: coverageRuns.id });
  return { id: row.id, replaced: replaced.map((r) => r.id) };
}

/**
 * Takes the run for one attempt of a job of `jobsSchema`, unless it has ended, another attempt's lease
 * still holds, or it was queued on another queue.
 */
export async function claimRun(db: Db, id: number, token: string, jobsSchema: string): Promise<RunClaim | undefined> {
  const [row] = await db
    .update(coverageRuns)
    .set({ leaseToken: token, leaseUntil: leaseEnd(LEASE_MS), heartbeatAt: sql`now()` })
    .where(
      and(
        isRunning(id),
        eq(coverageRuns.jobsSchema, jobsSchema),
        or(
          isNull(coverageRuns.leaseToken),
          eq(coverageRuns.leaseToken, token),
          lt(coverageRuns.leaseUntil, sql`now()`),
        ),
      ),
    )
    .returning({
      userId: coverageRuns.userId,
      input: coverageRuns.input,
      speeds: coverageRuns.speeds,
      ratings: coverageRuns.ratings,
      stopRequested: coverageRuns.stopRequested,
    });
  return row;
}

/** Keeps the lease; undefined when it was lost (the run ended, or was taken over). */
export async function renewLease(db: Db, id: number, token: string): Promise<{ stopRequested: boolean } | undefined> {
  const [row] = await db
    .update(coverageRuns)
    .set({ leaseUntil: leaseEnd(LEASE_MS), heartbeatAt: sql`now()` })
    .where(holdsLease(id, token))
    .returning({ stopRequested: coverageRuns.stopRequested });
  return row;
}

/** Gives the run back to the queue (a clean shutdown): reserved for the job queued next. */
export async function releaseLease(db: Db, id: number, token: string): Promise<boolean> {
  const rows = await db
    .update(coverageRuns)
    .set({ leaseToken: null, leaseUntil: leaseEnd(LEASE_MS), heartbeatAt: sql`now()` })
    .where(holdsLease(id, token))
    .returning({ id: coverageRuns.id });
  return rows.length > 0;
}

/**
 * Runs of the queue `jobsSchema` whose lease went stale (their process died, or their queued job was
 * lost): each is reserved again, so one process queues it once, and its id returned for a new job.
 */
export async function reapStaleRuns(db: Db, jobsSchema: string): Promise<number[]> {
  const rows = await db
    .update(coverageRuns)
    .set({ leaseToken: null, leaseUntil: leaseEnd(LEASE_MS), heartbeatAt: sql`now()` })
    .where(
      and(
        eq(coverageRuns.status, 'running'),
        eq(coverageRuns.jobsSchema, jobsSchema),
        lt(coverageRuns.leaseUntil, sql`now()`),
        isNotNull(coverageRuns.input),
      ),
    )
    .returning({ id: coverageRuns.id });
  return rows.map((r) => r.id);
}

/** Live progress of a running check; false when this attempt no longer holds it. */
export async function saveRunProgress(db: Db, id: number, token: string, progress: RunProgress): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(coverageRuns)
    .set({ ...progress, updatedAt: now, heartbeatAt: now })
    .where(holdsLease(id, token))
    .returning({ id: coverageRuns.id });
  return rows.length > 0;
}

/** The end of a check; false when this attempt no longer held it (replaced, stopped or taken over). */
export async function endRun(
  db: Db,
  id: number,
  token: string,
  end: RunProgress & { status: 'done' | 'failed'; results: string; report: CoveragePosition[] },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(coverageRuns)
    .set({ ...end, updatedAt: now, heartbeatAt: now, leaseToken: null, leaseUntil: null })
    .where(holdsLease(id, token))
    .returning({ id: coverageRuns.id });
  return rows.length > 0;
}

/** Asks the player's running checks of that colour to stop; returns their ids. */
export async function requestStop(db: Db, userId: number, color: Color): Promise<number[]> {
  const rows = await db
    .update(coverageRuns)
    .set({ stopRequested: true })
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color), eq(coverageRuns.status, 'running')))
    .returning({ id: coverageRuns.id });
  return rows.map((r) => r.id);
}

/** Ends a stopped run that no process is working on right now, keeping its saved progress. */
export async function endStoppedRun(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(coverageRuns)
    .set({
      status: 'done',
      results: sql`'Stopped after ' || ${coverageRuns.done} || ' of ' || ${coverageRuns.total} || ' positions; the holes found so far are listed.'`,
      updatedAt: new Date(),
      leaseToken: null,
      leaseUntil: null,
    })
    .where(isRunning(id))
    .returning({ id: coverageRuns.id });
  return rows.length > 0;
}

/** The ending of a run as its stream tells it. */
export async function readRunEnd(
  db: Db,
  id: number,
): Promise<{ status: RunStatus; results: string; report: CoveragePosition[]; holes: Hole[] } | undefined> {
  const [row] = await db
    .select({
      status: coverageRuns.status,
      results: coverageRuns.results,
      report: coverageRuns.report,
      holes: coverageRuns.holes,
    })
    .from(coverageRuns)
    .where(eq(coverageRuns.id, id));
  if (!row) return undefined;
  return {
    status: row.status,
    results: row.results,
    report: (row.report as CoveragePosition[] | null) ?? [],
    holes: row.holes as Hole[],
  };
}

/** The id and status of the player's latest run of that colour. */
export async function latestRunId(
  db: Db,
  userId: number,
  color: Color,
): Promise<{ id: number; status: RunStatus } | undefined> {
  const [row] = await db
    .select({ id: coverageRuns.id, status: coverageRuns.status })
    .from(coverageRuns)
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color)))
    .orderBy(desc(coverageRuns.id))
    .limit(1);
  return row;
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
