import { and, desc, eq, sql } from 'drizzle-orm';
import {
  bandOfRatings,
  COLORS,
  defaultGoal,
  isNeeded,
  type Color,
  type ExpectedScore,
  type Hole,
} from '../../chess/index.js';
import type { ExpectedPoint } from '@contract/coverage-goal.js';
import { holePositionKey } from '../../chess/hole-position.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { expectedScores, repertoireGoals } from '../db/schema.js';
import { keyDigest, unpackDeckKeys } from '../drill/deck-keys.js';
import type { StatsFilter } from '../openings/stats-key.js';

/**
 * The SQL of the coverage goal (a player's own per colour, else the one of their band), the expected
 * score kept each time it changes, and the needed holes still open.
 */

export interface GoalView {
  color: Color;
  /** 0..1: the reach below which a line is optional. */
  goal: number;
  /** The goal of the player's band, used when they set none. */
  default_goal: number;
  /** The lowest rating band of the colour's latest coverage check (1600 before any). */
  band: number;
  /** Whether the player set the goal. */
  custom: boolean;
}

const goalOf = (color: Color, ratings: string | undefined, own: number | undefined): GoalView => {
  const band = bandOfRatings(ratings);
  const fallback = defaultGoal(band);
  return { color, goal: own ?? fallback, default_goal: fallback, band, custom: own !== undefined };
};

export async function readGoal(db: Db, userId: number, color: Color): Promise<GoalView> {
  const [row] = rowsOf<{ goal: number | null; ratings: string | null }>(
    await db.execute(sql`
      select (select goal from repertoire_goals where user_id = ${userId} and color = ${color}) as goal,
        (select ratings from coverage_runs where user_id = ${userId} and color = ${color}
          order by id desc limit 1) as ratings`),
  );
  return goalOf(color, row?.ratings ?? undefined, row?.goal ?? undefined);
}

/** Sets the colour's goal; null goes back to the band's. */
export async function storeGoal(db: Db, userId: number, color: Color, goal: number | null): Promise<void> {
  if (goal === null) {
    await db.delete(repertoireGoals).where(and(eq(repertoireGoals.userId, userId), eq(repertoireGoals.color, color)));
    return;
  }
  await db
    .insert(repertoireGoals)
    .values({ userId, color, goal })
    .onConflictDoUpdate({
      target: [repertoireGoals.userId, repertoireGoals.color],
      set: { goal, updatedAt: new Date() },
    });
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;

/** Keeps the expected score when it differs from the colour's last kept one (or its filters do). */
export async function recordExpected(
  db: Db,
  userId: number,
  color: Color,
  filter: StatsFilter,
  expected: ExpectedScore,
): Promise<void> {
  const [last] = await db
    .select()
    .from(expectedScores)
    .where(and(eq(expectedScores.userId, userId), eq(expectedScores.color, color)))
    .orderBy(desc(expectedScores.id))
    .limit(1);
  if (
    last &&
    last.speeds === filter.speeds &&
    last.ratings === filter.ratings &&
    same(last.score, expected.score) &&
    same(last.baseline, expected.baseline) &&
    same(last.coveredReach, expected.coveredReach)
  )
    return;
  await db.insert(expectedScores).values({
    userId,
    color,
    score: expected.score,
    baseline: expected.baseline,
    coveredReach: expected.coveredReach,
    ...filter,
  });
}

/** The colour's kept expected scores, oldest first (the latest 365). */
export async function expectedHistory(db: Db, userId: number, color: Color): Promise<ExpectedPoint[]> {
  const rows = await db
    .select()
    .from(expectedScores)
    .where(and(eq(expectedScores.userId, userId), eq(expectedScores.color, color)))
    .orderBy(desc(expectedScores.id))
    .limit(365);
  return rows.reverse().map((row) => ({
    score: row.score,
    baseline: row.baseline,
    covered_reach: row.coveredReach,
    speeds: row.speeds,
    ratings: row.ratings,
    at: row.createdAt.toISOString(),
  }));
}

/** Holes with `needed` set by the goal. */
export const markNeeded = <H extends Pick<Hole, 'reach'>>(holes: readonly H[], goal: number) =>
  holes.map((hole) => ({ ...hole, needed: isNeeded(hole.reach, goal) }));

/**
 * Needed holes of each colour's latest coverage check that the repertoire still leaves open (the
 * position after the opponent's move is not in the drill deck, which follows every edit).
 */
export async function neededHolesLeft(db: Db, userId: number): Promise<Record<Color, number>> {
  const runs = rowsOf<{
    color: Color;
    ratings: string;
    goal: number | null;
    holes: Pick<Hole, 'fen' | 'uci' | 'reach'>[] | null;
    keys: string | null;
  }>(
    await db.execute(sql`
      select r.color, r.ratings, g.goal, r.holes, s.drill_deck_keys as keys
      from (select distinct on (color) color, ratings, holes from coverage_runs
            where user_id = ${userId} order by color, id desc) r
      left join repertoire_goals g on g.user_id = ${userId} and g.color = r.color
      left join studies s on s.user_id = ${userId} and s.color = r.color`),
  );
  const left: Record<Color, number> = { white: 0, black: 0 };
  for (const run of runs) {
    if (!COLORS.includes(run.color)) continue;
    const { goal } = goalOf(run.color, run.ratings, run.goal ?? undefined);
    const deck = unpackDeckKeys(run.keys);
    for (const hole of run.holes ?? []) {
      if (!isNeeded(hole.reach, goal)) continue;
      const key = holePositionKey(hole);
      if (!key || !deck.has(keyDigest(key))) left[run.color]++;
    }
  }
  return left;
}
