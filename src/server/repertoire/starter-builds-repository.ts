import { and, eq, sql } from 'drizzle-orm';
import type { StarterBuild } from '@contract/starter.js';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { starterBuilds } from '../db/schema.js';
import { NEW_ITEM_REVIEWS_PER_DAY } from './coverage-figures.js';

/**
 * The starter_builds rows: one per player and colour, the latest build. Every write after the start
 * names the attempt, so a build replaced by a newer one (or ended by a stop from another process)
 * writes nothing more.
 */

/** A running build not saved for this long lost its process: it reads as failed, with what it saved. */
export const STALE_BUILD_MS = 30_000;

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

const STALE_MESSAGE = 'The build was interrupted (its server stopped); what it found is kept';

function viewOf(row: Row, now = Date.now()): StarterBuild {
  const stale = row.status === 'running' && now - row.updatedAt.getTime() > STALE_BUILD_MS;
  return {
    color: row.color,
    line: row.line,
    speeds: row.speeds,
    ratings: row.ratings,
    goal: row.goal,
    status: stale ? 'failed' : row.status,
    message: stale ? STALE_MESSAGE : row.message,
    done: row.done,
    queued: stale ? 0 : row.queued,
    positions: row.positions,
    own_moves: row.ownMoves,
    lines: row.lines,
    reviews_per_day: Math.round(row.ownMoves * NEW_ITEM_REVIEWS_PER_DAY * 10) / 10,
    pgn: row.pgn,
    started_at: row.startedAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? (stale ? row.updatedAt.toISOString() : null),
  };
}

const ofColor = (userId: number, color: Color) => and(eq(starterBuilds.userId, userId), eq(starterBuilds.color, color));

export async function latestBuild(db: Db, userId: number, color: Color): Promise<StarterBuild | null> {
  const [row] = await db.select().from(starterBuilds).where(ofColor(userId, color));
  return row ? viewOf(row) : null;
}

/** Opens a build, replacing the colour's latest (a running one stops at its next save). */
export async function openBuild(
  db: Db,
  userId: number,
  color: Color,
  attempt: string,
  form: StarterForm,
): Promise<void> {
  const fresh = {
    attempt,
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
  };
  await db
    .insert(starterBuilds)
    .values({ userId, color, ...fresh })
    .onConflictDoUpdate({ target: [starterBuilds.userId, starterBuilds.color], set: fresh });
}

/**
 * Saves a running build's progress; answers whether it should go on (false once it was replaced or
 * asked to stop).
 */
export async function saveProgress(
  db: Db,
  userId: number,
  color: Color,
  attempt: string,
  state: StarterState,
): Promise<'go on' | 'stop' | 'replaced'> {
  const [row] = await db
    .update(starterBuilds)
    .set({ ...stateColumns(state), updatedAt: sql`now()` })
    .where(and(ofColor(userId, color), eq(starterBuilds.attempt, attempt), eq(starterBuilds.status, 'running')))
    .returning({ stop: starterBuilds.stopRequested });
  if (!row) return 'replaced';
  return row.stop ? 'stop' : 'go on';
}

/** Ends the build with its result (nothing when a newer build replaced it). */
export async function endBuild(
  db: Db,
  userId: number,
  color: Color,
  attempt: string,
  state: StarterState,
): Promise<StarterBuild | null> {
  const [row] = await db
    .update(starterBuilds)
    .set({ ...stateColumns(state), updatedAt: sql`now()`, endedAt: sql`now()` })
    .where(and(ofColor(userId, color), eq(starterBuilds.attempt, attempt)))
    .returning();
  return row ? viewOf(row) : null;
}

/** Asks the colour's running build to stop; a build whose process is gone is ended here. */
export async function requestStop(db: Db, userId: number, color: Color): Promise<void> {
  await db
    .update(starterBuilds)
    .set({ stopRequested: true })
    .where(and(ofColor(userId, color), eq(starterBuilds.status, 'running')));
  await db
    .update(starterBuilds)
    .set({ status: 'stopped', message: 'Stopped; what it found is kept', endedAt: sql`now()`, queued: 0 })
    .where(
      and(
        ofColor(userId, color),
        eq(starterBuilds.status, 'running'),
        sql`${starterBuilds.updatedAt} < now() - make_interval(secs => ${STALE_BUILD_MS / 1000})`,
      ),
    );
}

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
