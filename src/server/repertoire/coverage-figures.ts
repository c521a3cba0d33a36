import { sql } from 'drizzle-orm';
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
import type { TrimRow } from '@contract/coverage-goal.js';
import type { DrillTrap } from '@contract/drill.js';
import { rowsOf } from '../db/rows.js';
import type { StatsFilter } from '../openings/stats-key.js';
import { answerKeys, readAnswersStamp, readCoverageAnswers } from './coverage-answers.js';
import { editedRepertoireState, type EditedState } from './edited-repertoire.js';
import { readGoal, recordExpected, type GoalView } from './coverage-goal-store.js';

/**
 * What the coverage goal works on: the colour's edited repertoire and the stored explorer answers of
 * its positions at the filters of the player's latest coverage check. Expected score, trim and traps
 * are computed from these by the chess core, each once per read of the answers. The answers are read
 * once per change (a new check, its progress, an edit, a write of one of them) and kept with what was
 * worked out from them (app.repertoireMemory): for a few seconds they are used as they are (a page asks
 * for all three figures at once), after that their stamp is read first (coverage-answers.ts), and only
 * a changed stamp reads them again.
 */

/** How long answers read or found unchanged are used without asking again: the calls of one page. */
const ANSWERS_CHECKED_MS = 10_000;

export interface CoverageData {
  state: EditedState;
  rep: Repertoire;
  filter: StatsFilter;
  stats: Map<string, PositionStats>;
  goal: GoalView;
  /** The read `stats` came from, where the figures worked out from it are kept. */
  answers: HeldAnswers;
  /** The held entry of that read. */
  held: HeldCoverage;
}

/** A player's colour's answers, named by what they were read for. */
export interface HeldCoverage {
  signature: string;
  /** The latest read, or check of the stamp, shared by the calls that arrive while it runs. */
  answers: Promise<HeldAnswers>;
  /** When it ended (ms since the epoch); Infinity while it runs. */
  checkedAt: number;
  /** The drill's traps from these answers, with the stamp of the run, study version and edits they were read at. */
  drillTraps?: { stamp: string; byKey: ReadonlyMap<string, DrillTrap> };
}

/** A colour's latest coverage run, as coverageData reads it (a drill call's first statement reads it too). */
export interface CoverageRunHead {
  id: number;
  speeds: string;
  ratings: string;
  done: number;
}

export interface HeldAnswers {
  stats: Map<string, PositionStats>;
  stamp: string;
  /** Of one repertoire object: a rebuilt one (same signature) works them out again. */
  figures?: HeldFigures;
}

interface HeldFigures {
  rep: Repertoire;
  /** answerKeys of the repertoire's positions. */
  keyList?: string;
  expected?: { value: ExpectedScore | undefined };
  traps?: Trap[];
  trapsByKey?: Map<string, DrillTrap>;
  /** With the drill positions the lines drop, as one parameter. */
  trim?: { goal: number; lines: TrimLine[]; positions: string };
}

/**
 * undefined when the colour has no study or no coverage check yet. `latest` is the latest run when the
 * caller has just read it (null: none), so it is not read again.
 */
export async function coverageData(
  app: FastifyInstance,
  userId: number,
  color: Color,
  latest?: CoverageRunHead | null,
  seed?: ReadonlyMap<string, PositionStats>,
): Promise<CoverageData | undefined> {
  const run =
    latest !== undefined
      ? latest
      : rowsOf<CoverageRunHead>(
          await app.db.execute(sql`
            select id, speeds, ratings, done from coverage_runs where user_id = ${userId} and color = ${color}
            order by id desc limit 1`),
        )[0];
  if (!run) return undefined;
  const state = await editedRepertoireState(app, userId, color);
  if (!state) return undefined;
  const rep = state.edited.rep;
  const filter = { speeds: run.speeds, ratings: run.ratings };
  const signature = `${run.id}:${run.done}:${state.study.md5}:${state.study.signature}`;
  const key = `${userId}:${color}`;
  const memory = app.repertoireMemory.coverageHeld;
  const listFor = (answers?: HeldAnswers) =>
    (answers?.figures?.rep === rep && answers.figures.keyList) || answerKeys(coveragePositions(rep).map((p) => p.key));
  const read = async (list: string): Promise<HeldAnswers> => {
    const figures = { rep, keyList: list };
    if (seed) {
      const stamp = await readAnswersStamp(app.db, list, filter);
      if (seedIsStored(seed, list, stamp)) return { stats: new Map(seed), stamp, figures };
    }
    return { ...(await readCoverageAnswers(app.db, list, filter)), figures };
  };
  let held = memory.get(key);
  if (held?.signature !== signature || Date.now() - held.checkedAt >= ANSWERS_CHECKED_MS) {
    const kept = held?.signature === signature ? held.answers : undefined;
    const answers = kept
      ? kept.then(async (last) => {
          const list = listFor(last);
          return (await readAnswersStamp(app.db, list, filter)) === last.stamp ? last : read(list);
        })
      : read(listFor());
    const renewed: HeldCoverage = { signature, answers, checkedAt: Infinity };
    answers.then(
      () => (renewed.checkedAt = Date.now()),
      // A failed read is not kept: the next call reads again.
      () => memory.get(key) === renewed && memory.delete(key),
    );
    held = renewed;
  }
  // Kept from its last use (the cache's ttl).
  memory.set(key, held);
  const answers = await held.answers;
  return { state, rep, filter, stats: answers.stats, goal: await readGoal(app.db, userId, color), answers, held };
}

/**
 * A check's own answers stand for the stored ones when they are as many and all of the repertoire's
 * positions: each was read from the shared cache or stored in it by the check.
 */
function seedIsStored(seed: ReadonlyMap<string, PositionStats>, list: string, stamp: string): boolean {
  if (Number(stamp.slice(0, stamp.indexOf(':'))) !== seed.size) return false;
  const keys = new Set(list.split(','));
  for (const key of seed.keys()) if (!keys.has(key)) return false;
  return true;
}

/** What is worked out from the read for this repertoire object. */
const figuresOf = (data: CoverageData): HeldFigures => {
  if (data.answers.figures?.rep !== data.rep) data.answers.figures = { rep: data.rep };
  return data.answers.figures;
};

export const expectedOf = (data: CoverageData): ExpectedScore | undefined => {
  const figures = figuresOf(data);
  figures.expected ??= { value: expectedScore(data.rep, data.stats) };
  return figures.expected.value;
};

export const trapsOf = (data: CoverageData): Trap[] => {
  const figures = figuresOf(data);
  figures.traps ??= findTraps(data.rep, data.stats);
  return figures.traps;
};

const trimLinesOf = (data: CoverageData): NonNullable<HeldFigures['trim']> => {
  const figures = figuresOf(data);
  const goal = data.goal.goal;
  if (figures.trim?.goal !== goal) {
    const lines = trimLines(data.rep, data.stats, goal);
    figures.trim = { goal, lines, positions: [...new Set(lines.flatMap((line) => line.positions))].join(',') };
  }
  return figures.trim;
};

/** The expected score, kept for Progress when it changed. */
export async function keptExpected(
  app: FastifyInstance,
  userId: number,
  data: CoverageData,
): Promise<ExpectedScore | undefined> {
  const expected = expectedOf(data);
  if (expected) await recordExpected(app.db, userId, data.rep.color, data.filter, expected);
  return expected;
}

/**
 * Works the colour's figures out before a page asks (when a check ends, and after a burst of edits),
 * and keeps its expected score, which each of those changes moves. `seed`: the check's own answers.
 */
export async function warmCoverageFigures(
  app: FastifyInstance,
  userId: number,
  color: Color,
  seed?: ReadonlyMap<string, PositionStats>,
): Promise<void> {
  const data = await coverageData(app, userId, color, undefined, seed);
  if (!data) return;
  await keptExpected(app, userId, data);
  trapsOf(data);
  trimLinesOf(data);
}

/** What a drill call's first statement read of the colour: its latest run, study version and edits. */
export interface DrillTrapsHead {
  run: CoverageRunHead | null;
  version: number;
  edits: string;
}

/**
 * The colour's traps by the position the trap move reaches (where the drill asks the punishment), from
 * the latest coverage check's answers; worked out once per held read of them. Empty without a check.
 * With `head`, a call that finds the same run, study version and edits while the held answers are used
 * as they are (coverageData's window) reads nothing.
 */
export async function drillTraps(
  app: FastifyInstance,
  userId: number,
  color: Color,
  head?: DrillTrapsHead,
): Promise<ReadonlyMap<string, DrillTrap>> {
  if (head?.run === null) return NO_TRAPS;
  const stamp = head && `${head.run.id}:${head.run.done}:${head.version}:${head.edits}`;
  const key = `${userId}:${color}`;
  const memory = app.repertoireMemory.coverageHeld;
  const held = memory.get(key);
  if (stamp && held?.drillTraps?.stamp === stamp && Date.now() - held.checkedAt < ANSWERS_CHECKED_MS) {
    // Kept from its last use, as coverageData keeps it.
    memory.set(key, held);
    return held.drillTraps.byKey;
  }
  const data = await coverageData(app, userId, color, head?.run);
  if (!data) return NO_TRAPS;
  const figures = figuresOf(data);
  if (!figures.trapsByKey) {
    const byKey = new Map<string, DrillTrap>();
    for (const trap of trapsOf(data)) {
      const at = holePositionKey(trap);
      if (at) byKey.set(at, { san: trap.san, games: trap.games, score: trap.score });
    }
    figures.trapsByKey = byKey;
  }
  if (stamp) data.held.drillTraps = { stamp, byKey: figures.trapsByKey };
  return figures.trapsByKey;
}

const NO_TRAPS: ReadonlyMap<string, DrillTrap> = new Map();

/**
 * A New item costs about five reviews over its first month (learning steps, then growing intervals);
 * a reviewed one comes back once per its current interval.
 */
export const NEW_ITEM_REVIEWS_PER_DAY = 5 / 30;

const reviewsPerDay = (item: { state: number; scheduledDays: number }) =>
  item.state === 0 ? NEW_ITEM_REVIEWS_PER_DAY : 1 / Math.max(1, item.scheduledDays);

/** The trim lines (wire names) with the drill positions each drops and the daily reviews that saves. */
export async function trimOf(app: FastifyInstance, userId: number, data: CoverageData): Promise<TrimRow[]> {
  const { lines, positions: keys } = trimLinesOf(data);
  // Only items out of New count otherwise than a position without an item, so only they are read.
  const items = new Map<string, { state: number; scheduledDays: number }>();
  if (keys) {
    const rows = rowsOf<{ key: string; state: number; scheduled_days: number }>(
      await app.db.execute(sql`
        select d.position_key as key, d.state, d.scheduled_days
        from unnest(string_to_array(${keys}, ',')) as k(key)
        join drill_items d on d.user_id = ${userId} and d.color = ${data.rep.color} and d.position_key = k.key
        where d.retired_at is null and d.state <> 0`),
    );
    for (const row of rows) items.set(row.key, { state: row.state, scheduledDays: row.scheduled_days });
  }
  return lines.map(({ positions, ownMoves, opponentScore, ...line }) => {
    let reviews = 0;
    for (const key of positions) {
      const item = items.get(key);
      reviews += item ? reviewsPerDay(item) : NEW_ITEM_REVIEWS_PER_DAY;
    }
    return {
      ...line,
      own_moves: ownMoves,
      opponent_score: opponentScore,
      drill_positions: positions.length,
      reviews_per_day: reviews,
    };
  });
}
