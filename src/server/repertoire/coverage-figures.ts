import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  coveragePositions,
  expectedScore,
  findTraps,
  holePositionKey,
  trimLines,
  type Color,
  type ExpectedScore,
  type PositionStats,
  type Repertoire,
  type Trap,
  type TrimLine,
} from '../../chess/index.js';
import type { DrillTrap } from '@contract/drill.js';
import { drillItems } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { readCachedStats } from '../openings/position-stats-repository.js';
import type { StatsFilter } from '../openings/stats-key.js';
import { editedRepertoireState, type EditedState } from './edited-repertoire.js';
import { readGoal, type GoalView } from './coverage-goal-store.js';

/**
 * What the coverage goal works on: the colour's edited repertoire and the stored explorer answers of
 * its positions at the filters of the player's latest coverage check. Expected score, trim and traps
 * are computed from these by the chess core; the answers are read once per change (a new check, its
 * progress, an edit) and held a few seconds (app.repertoireMemory), so one page asking for all three
 * reads them once.
 */

export interface CoverageData {
  state: EditedState;
  rep: Repertoire;
  filter: StatsFilter;
  stats: Map<string, PositionStats>;
  goal: GoalView;
}

/** The answers read for a player's colour, named by what they were read for, and the traps found in them. */
export interface HeldCoverage {
  signature: string;
  stats: Map<string, PositionStats>;
  traps?: { rep: Repertoire; byKey: Map<string, DrillTrap> };
}

/** undefined when the colour has no study or no coverage check yet. */
export async function coverageData(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<CoverageData | undefined> {
  const [run] = rowsOf<{ id: number; speeds: string; ratings: string; done: number }>(
    await app.db.execute(sql`
      select id, speeds, ratings, done from coverage_runs where user_id = ${userId} and color = ${color}
      order by id desc limit 1`),
  );
  if (!run) return undefined;
  const state = await editedRepertoireState(app, userId, color);
  if (!state) return undefined;
  const rep = state.edited.rep;
  const filter = { speeds: run.speeds, ratings: run.ratings };
  const signature = `${run.id}:${run.done}:${state.study.md5}:${state.study.signature}`;
  const key = `${userId}:${color}`;
  const held = app.repertoireMemory.coverageHeld;
  let stats = held.get(key)?.signature === signature ? held.get(key)!.stats : undefined;
  if (!stats) {
    stats = await readCachedStats(
      app.db,
      coveragePositions(rep).map((p) => p.key),
      filter,
    );
    held.set(key, { signature, stats });
  }
  return { state, rep, filter, stats, goal: await readGoal(app.db, userId, color) };
}

export const expectedOf = (data: CoverageData): ExpectedScore | undefined => expectedScore(data.rep, data.stats);

export const trapsOf = (data: CoverageData): Trap[] => findTraps(data.rep, data.stats);

/**
 * The colour's traps by the position the trap move reaches (where the drill asks the punishment), from
 * the latest coverage check's answers; worked out once per held read of them. Empty without a check.
 */
export async function drillTraps(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<ReadonlyMap<string, DrillTrap>> {
  const data = await coverageData(app, userId, color);
  if (!data) return NO_TRAPS;
  const held = app.repertoireMemory.coverageHeld.get(`${userId}:${color}`);
  if (held?.stats === data.stats && held.traps?.rep === data.rep) return held.traps.byKey;
  const byKey = new Map<string, DrillTrap>();
  for (const trap of trapsOf(data)) {
    const key = holePositionKey(trap);
    if (key) byKey.set(key, { san: trap.san, games: trap.games, score: trap.score });
  }
  if (held?.stats === data.stats) held.traps = { rep: data.rep, byKey };
  return byKey;
}

const NO_TRAPS: ReadonlyMap<string, DrillTrap> = new Map();

export interface TrimRow extends Omit<TrimLine, 'positions'> {
  /** Drill items (positions the player answers) the trim drops. */
  drill_positions: number;
  /** About how many drill reviews a day the trim saves, from those items' schedules. */
  reviews_per_day: number;
}

/**
 * A New item costs about five reviews over its first month (learning steps, then growing intervals);
 * a reviewed one comes back once per its current interval.
 */
export const NEW_ITEM_REVIEWS_PER_DAY = 5 / 30;

const reviewsPerDay = (item: { state: number; scheduledDays: number }) =>
  item.state === 0 ? NEW_ITEM_REVIEWS_PER_DAY : 1 / Math.max(1, item.scheduledDays);

/** The trim lines with the drill positions each drops and the daily reviews that saves. */
export async function trimOf(app: FastifyInstance, userId: number, data: CoverageData): Promise<TrimRow[]> {
  const lines = trimLines(data.rep, data.stats, data.goal.goal);
  const keys = [...new Set(lines.flatMap((line) => line.positions))];
  const items = new Map<string, { state: number; scheduledDays: number }>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await app.db
      .select({ key: drillItems.positionKey, state: drillItems.state, scheduledDays: drillItems.scheduledDays })
      .from(drillItems)
      .where(
        and(
          eq(drillItems.userId, userId),
          eq(drillItems.color, data.rep.color),
          isNull(drillItems.retiredAt),
          inArray(drillItems.positionKey, keys.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) items.set(row.key, row);
  }
  return lines.map(({ positions, ...line }) => {
    let reviews = 0;
    for (const key of positions) {
      const item = items.get(key);
      reviews += item ? reviewsPerDay(item) : NEW_ITEM_REVIEWS_PER_DAY;
    }
    return { ...line, drill_positions: positions.length, reviews_per_day: reviews };
  });
}
