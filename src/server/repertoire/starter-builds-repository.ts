import { and, eq, sql } from 'drizzle-orm';
import type { StarterBuild } from '@contract/starter.js';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { starterBuilds } from '../db/schema.js';
import { NEW_ITEM_REVIEWS_PER_DAY } from './coverage-figures.js';

/**
 * The starter_builds rows: one per player and colour, the latest build. A build waits as
 * `attempt = 'queued:…'` until a process claims it with its own token; the worker saves progress (and
 * so renews its claim) every second or so. A build whose worker went quiet for STALE_SECONDS is queued
 * again by any process of the job queue it was queued on (`jobs_schema`). Every write of a worker
 * names its token, so a replaced build, or an attempt whose build was taken over, writes nothing more.
 */

/** A worker not heard from for this long is presumed gone. */
export const STALE_SECONDS = 20;

type Row = typeof starterBuilds.$inferSelect;

export interface StarterForm {
  line: string;
  speeds: string;
  ratings: string;
  goal: number;
}

export interface StarterState {
  status: StarterBuild['status'];
  message: string | null;
  done: number;
  queued: number;
  positions: number;
  ownMoves: number;
  lines: number;
  pgn: string;
}

export interface BuildClaim extends StarterForm {
  build: string;
  stopRequested: boolean;
}

const viewOf = (row: Row): StarterBuild => ({
  id: row.build,
  color: row.color,
  line: row.line,
  speeds: row.speeds,
  ratings: row.ratings,
  goal: row.goal,
  status: row.status,
  message: row.message,
  done: row.done,
  queued: row.queued,
  positions: row.positions,
  own_moves: row.ownMoves,
  lines: row.lines,
  reviews_per_day: Math.round(row.ownMoves * NEW_ITEM_REVIEWS_PER_DAY * 10) / 10,
  pgn: row.pgn,
  started_at: row.startedAt.toISOString(),
  ended_at: row.endedAt?.toISOString() ?? null,
});

const ofColor = (userId: number, color: Color) => and(eq(starterBuilds.userId, userId), eq(starterBuilds.color, color));
const queuedToken = sql`'queued:' || gen_random_uuid()::text`;

export async function latestBuild(db: Db, userId: number, color: Color): Promise<StarterBuild | null> {
  const [row] = await db.select().from(starterBuilds).where(ofColor(userId, color));
  return row ? viewOf(row) : null;
}

/** The build id of the colour's latest build. */
export async function latestBuildId(db: Db, userId: number, color: Color): Promise<string | undefined> {
  const [row] = await db.select({ build: starterBuilds.build }).from(starterBuilds).where(ofColor(userId, color));
  return row?.build;
}

/**
 * Opens a build waiting for a process of the queue `jobsSchema`, replacing the colour's latest (a running
 * one stops at its next save).
 */
export async function openBuild(
  db: Db,
  userId: number,
  color: Color,
  build: string,
  form: StarterForm,
  jobsSchema: string,
): Promise<void> {
  const fresh = {
    build,
    attempt: queuedToken,
    ...form,
    status: 'running' as const,
    message: null,
    done: 0,
    queued: 0,
    positions: 0,
    ownMoves: 0,
    lines: 0,
    pgn: '',
    stopRequested: false,
    startedAt: sql`now()`,
    updatedAt: sql`now()`,
    endedAt: null,
    jobsSchema,
  };
  await db
    .insert(starterBuilds)
    .values({ userId, color, ...fresh })
    .onConflictDoUpdate({ target: [starterBuilds.userId, starterBuilds.color], set: fresh });
}

/**
 * Claims the colour's waiting build for `token`, a job of `jobsSchema`; undefined when it is not waiting
 * there (taken, ended, replaced, or queued on another queue).
 */
export async function claimBuild(
  db: Db,
  userId: number,
  color: Color,
  token: string,
  jobsSchema: string,
): Promise<BuildClaim | undefined> {
  const [row] = await db
    .update(starterBuilds)
    .set({ attempt: token, updatedAt: sql`now()` })
    .where(
      and(
        ofColor(userId, color),
        eq(starterBuilds.status, 'running'),
        eq(starterBuilds.jobsSchema, jobsSchema),
        sql`attempt like 'queued:%'`,
      ),
    )
    .returning();
  if (!row) return undefined;
  const { build, line, speeds, ratings, goal, stopRequested } = row;
  return { build, line, speeds, ratings, goal, stopRequested };
}

/**
 * Saves a running build's progress (renewing the claim); answers whether to go on: 'lost' once the
 * build was replaced or taken over, 'stop' once asked to stop.
 */
export async function saveProgress(
  db: Db,
  userId: number,
  color: Color,
  token: string,
  state: StarterState,
): Promise<'go on' | 'stop' | 'lost'> {
  const [row] = await db
    .update(starterBuilds)
    .set({ ...stateColumns(state), updatedAt: sql`now()` })
    .where(and(ofColor(userId, color), eq(starterBuilds.attempt, token), eq(starterBuilds.status, 'running')))
    .returning({ stop: starterBuilds.stopRequested });
  if (!row) return 'lost';
  return row.stop ? 'stop' : 'go on';
}

/** Ends the build with its result; null when the attempt no longer holds it. */
export async function endBuild(
  db: Db,
  userId: number,
  color: Color,
  token: string,
  state: StarterState,
): Promise<StarterBuild | null> {
  const [row] = await db
    .update(starterBuilds)
    .set({ ...stateColumns(state), updatedAt: sql`now()`, endedAt: sql`now()` })
    .where(and(ofColor(userId, color), eq(starterBuilds.attempt, token), eq(starterBuilds.status, 'running')))
    .returning();
  return row ? viewOf(row) : null;
}

/** Puts the attempt's build back in the queue (a clean shutdown); false when it no longer held it. */
export async function handBack(db: Db, userId: number, color: Color, token: string): Promise<boolean> {
  const rows = await db
    .update(starterBuilds)
    .set({ attempt: queuedToken, updatedAt: sql`now()` })
    .where(and(ofColor(userId, color), eq(starterBuilds.attempt, token), eq(starterBuilds.status, 'running')))
    .returning({ color: starterBuilds.color });
  return rows.length > 0;
}

/**
 * Builds of the queue `jobsSchema` whose worker went quiet, and waiting builds whose job may be lost,
 * queued again; each is returned once, to the process whose update took it.
 */
export async function reapStaleBuilds(db: Db, jobsSchema: string): Promise<{ userId: number; color: Color }[]> {
  return rowsOf<{ user_id: number; color: Color }>(
    await db.execute(sql`
      update starter_builds set attempt = ${queuedToken}, updated_at = now()
      where status = 'running' and jobs_schema = ${jobsSchema}
        and updated_at < now() - make_interval(secs => case when attempt like 'queued:%' then ${STALE_SECONDS * 3}::int else ${STALE_SECONDS}::int end)
      returning user_id, color`),
  ).map((r) => ({ userId: r.user_id, color: r.color }));
}

/**
 * Asks the colour's running build to stop; a build no process works on (waiting in the queue) is ended
 * here. Answers the build id when one was running.
 */
export async function requestStop(db: Db, userId: number, color: Color): Promise<string | undefined> {
  const [asked] = await db
    .update(starterBuilds)
    .set({ stopRequested: true })
    .where(and(ofColor(userId, color), eq(starterBuilds.status, 'running')))
    .returning({ build: starterBuilds.build });
  await db
    .update(starterBuilds)
    .set({ status: 'stopped', message: STOPPED_MESSAGE, endedAt: sql`now()`, queued: 0 })
    .where(and(ofColor(userId, color), eq(starterBuilds.status, 'running'), sql`attempt like 'queued:%'`));
  return asked?.build;
}

export const STOPPED_MESSAGE = 'Stopped; what it found is kept';

const stateColumns = (state: StarterState) => ({
  status: state.status,
  message: state.message,
  done: state.done,
  queued: state.queued,
  positions: state.positions,
  ownMoves: state.ownMoves,
  lines: state.lines,
  pgn: state.pgn,
});

/** When the player's build `build` of the colour was last saved; undefined when they have no such build. */
export async function buildSavedAt(db: Db, userId: number, color: Color, build: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ savedAt: starterBuilds.updatedAt })
    .from(starterBuilds)
    .where(and(ofColor(userId, color), eq(starterBuilds.build, build)));
  return row?.savedAt;
}

/** The tree so far of the player's build `build` of the colour, as PGN, and when it was saved. */
export async function buildPgn(
  db: Db,
  userId: number,
  color: Color,
  build: string,
): Promise<{ pgn: string; savedAt: Date } | undefined> {
  const [row] = await db
    .select({ pgn: starterBuilds.pgn, savedAt: starterBuilds.updatedAt })
    .from(starterBuilds)
    .where(and(ofColor(userId, color), eq(starterBuilds.build, build)));
  return row;
}
