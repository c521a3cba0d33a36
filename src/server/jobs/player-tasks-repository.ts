import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { playerTasks } from '../db/schema.js';

/**
 * The player_tasks rows: one per player and kind, the latest run. A run waits as `attempt = 'queued:…'`
 * until a process claims it with its own token; the worker renews its claim every few seconds. A run
 * whose worker went quiet for STALE_SECONDS is queued again by any process of the job queue it was
 * queued on (`jobs_schema`). Every write of a worker names its token, so an attempt whose run was taken
 * over writes nothing more.
 */

/** A worker not heard from for this long is presumed gone. */
export const STALE_SECONDS = 20;

export interface TaskRow {
  run: string;
  status: 'running' | 'ended';
  input: unknown;
  progress: unknown;
  outcome: unknown;
}

const ofTask = (userId: number, kind: string) => and(eq(playerTasks.userId, userId), eq(playerTasks.kind, kind));
const queuedToken = sql`'queued:' || gen_random_uuid()::text`;
const heldBy = (userId: number, kind: string, token: string) =>
  and(ofTask(userId, kind), eq(playerTasks.attempt, token), eq(playerTasks.status, 'running'));

/**
 * Opens a run waiting for a process of the queue `jobsSchema`; false while the player's previous run of
 * the kind is not over.
 */
export async function openTask(
  db: Db,
  userId: number,
  kind: string,
  run: string,
  input: unknown,
  jobsSchema: string,
): Promise<boolean> {
  const fresh = {
    run,
    attempt: queuedToken,
    input,
    status: 'running' as const,
    progress: null,
    saved: null,
    outcome: null,
    startedAt: sql`now()`,
    updatedAt: sql`now()`,
    endedAt: null,
    jobsSchema,
  };
  const rows = await db
    .insert(playerTasks)
    .values({ userId, kind, ...fresh })
    .onConflictDoUpdate({
      target: [playerTasks.userId, playerTasks.kind],
      set: fresh,
      setWhere: sql`${playerTasks.status} <> 'running'`,
    })
    .returning({ run: playerTasks.run });
  return rows.length > 0;
}

export async function readTask(db: Db, userId: number, kind: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select({
      run: playerTasks.run,
      status: playerTasks.status,
      input: playerTasks.input,
      progress: playerTasks.progress,
      outcome: playerTasks.outcome,
    })
    .from(playerTasks)
    .where(ofTask(userId, kind));
  return row;
}

/**
 * Claims the waiting run for `token`, a job of `jobsSchema`; undefined when it is not waiting there
 * (taken, ended, or queued on another queue).
 */
export async function claimTask(
  db: Db,
  userId: number,
  kind: string,
  token: string,
  jobsSchema: string,
): Promise<{ run: string; input: unknown; saved: unknown } | undefined> {
  const [row] = await db
    .update(playerTasks)
    .set({ attempt: token, updatedAt: sql`now()` })
    .where(
      and(
        ofTask(userId, kind),
        eq(playerTasks.status, 'running'),
        eq(playerTasks.jobsSchema, jobsSchema),
        sql`${playerTasks.attempt} like 'queued:%'`,
      ),
    )
    .returning({ run: playerTasks.run, input: playerTasks.input, saved: playerTasks.saved });
  return row;
}

/** Renews the claim (with the latest progress when given); false once the run is no longer this attempt's. */
export async function renewTask(db: Db, userId: number, kind: string, token: string, progress?: unknown) {
  const rows = await db
    .update(playerTasks)
    .set({ updatedAt: sql`now()`, ...(progress === undefined ? {} : { progress }) })
    .where(heldBy(userId, kind, token))
    .returning({ run: playerTasks.run });
  return rows.length > 0;
}

/** Keeps what the run has done so far (renewing the claim); false once the run is no longer this attempt's. */
export async function saveTask(db: Db, userId: number, kind: string, token: string, saved: unknown) {
  const rows = await db
    .update(playerTasks)
    .set({ saved, updatedAt: sql`now()` })
    .where(heldBy(userId, kind, token))
    .returning({ run: playerTasks.run });
  return rows.length > 0;
}

/** Ends the run with its outcome; false when the attempt no longer held it. */
export async function endTask(db: Db, userId: number, kind: string, token: string, outcome: unknown) {
  const rows = await db
    .update(playerTasks)
    .set({ status: 'ended', outcome, saved: null, updatedAt: sql`now()`, endedAt: sql`now()` })
    .where(heldBy(userId, kind, token))
    .returning({ run: playerTasks.run });
  return rows.length > 0;
}

/** Puts the attempt's run back in the queue (a clean shutdown); false when it no longer held it. */
export async function handBackTask(db: Db, userId: number, kind: string, token: string) {
  const rows = await db
    .update(playerTasks)
    .set({ attempt: queuedToken, updatedAt: sql`now()` })
    .where(heldBy(userId, kind, token))
    .returning({ run: playerTasks.run });
  return rows.length > 0;
}

/**
 * Runs of `kind` and the queue `jobsSchema` whose worker went quiet, and waiting runs whose job may be
 * lost, queued again; each is returned once, to the process whose update took it.
 */
export async function reapStaleTasks(db: Db, kind: string, jobsSchema: string): Promise<number[]> {
  return rowsOf<{ user_id: number }>(
    await db.execute(sql`
      update player_tasks set attempt = ${queuedToken}, updated_at = now()
      where kind = ${kind} and status = 'running' and jobs_schema = ${jobsSchema}
        and updated_at < now() - make_interval(secs => case when attempt like 'queued:%' then ${STALE_SECONDS * 3}::int else ${STALE_SECONDS}::int end)
      returning user_id`),
  ).map((row) => row.user_id);
}
