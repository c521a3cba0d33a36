/**
 * Expected score of a repertoire over the coverage walk's explorer answers. The frontier is every
 * explorer move, at a looked-up position, beyond which nothing was looked up: a hole, or a reply the
 * repertoire answers whose line then ends (or was not looked up). A game following the repertoire
 * leaves it at the frontier, so the frontier's scores weighted by reach are what the repertoire earns.
 *
 *   expectedScore(rep, statsByKey) // { score: 0.542, baseline: 0.51, coveredReach: 0.93 }
 */
import { INITIAL_FEN } from 'chessops/fen';
import { computeReach, movesOf, statsTotal, type PositionStats } from './coverage.js';
import { positionKey } from './fen.js';
import type { Repertoire, RepertoirePosition } from './repertoire.js';
import { moveScore } from './wilson.js';

export interface ExpectedScore {
  /** 0..1: the player's score at the frontier, weighted by reach. */
  score: number;
  /** 0..1: the player's score after the explorer moves at the first looked-up positions (after the player's first moves). */
  baseline: number;
  /** 0..1 (more where the player keeps two answers): the frontier's total reach. */
  coveredReach: number;
  /** Explorer games at the first looked-up positions (behind the baseline). */
  games: number;
}

/** Statistics keyed by position key (FEN without move counters). */
export type StatsByKey = ReadonlyMap<string, PositionStats>;

const replyOf = (p: RepertoirePosition, san: string, uci: string) =>
  p.moves.find((m) => m.uci === uci || m.san === san);

/** Whether the walk looked up anything after the player answers at `key` (player to move there). */
const goesOn = (rep: Repertoire, stats: StatsByKey, key: string): boolean =>
  rep.positions.get(key)?.moves.some((m) => stats.has(m.to)) ?? false;

/** Opponent-to-move positions the standard start reaches by the player's own moves alone. */
const firstPositions = (rep: Repertoire): RepertoirePosition[] => {
  const start = rep.positions.get(positionKey(INITIAL_FEN));
  if (!start) return [];
  if (start.turn !== rep.color) return [start];
  return start.moves.flatMap((m) => {
    const p = rep.positions.get(m.to);
    return p ? [p] : [];
  });
};

/** undefined when no looked-up position is reached from the standard start. */
export function expectedScore(rep: Repertoire, stats: StatsByKey): ExpectedScore | undefined {
  const reach = computeReach(rep, stats as Map<string, PositionStats>);
  let points = 0;
  let total = 0;
  for (const p of rep.positions.values()) {
    const s = p.turn === rep.color ? undefined : stats.get(p.key);
    const r = reach.get(p.key);
    if (!s || r === undefined) continue;
    const games = statsTotal(s);
    if (games === 0) continue;
    for (const m of movesOf(s)) {
      const answered = replyOf(p, m.san, m.uci);
      if (answered && goesOn(rep, stats, answered.to)) continue;
      const moveReach = (r * statsTotal(m)) / games;
      points += moveReach * moveScore(m, rep.color);
      total += moveReach;
    }
  }
  if (total === 0) return undefined;
  // The same sum where every first position has reach 1 and nothing lies beyond its moves.
  let basePoints = 0;
  let baseReach = 0;
  let baseGames = 0;
  for (const p of firstPositions(rep)) {
    const s = stats.get(p.key);
    const games = s ? statsTotal(s) : 0;
    if (!s || games === 0) continue;
    baseGames += games;
    for (const m of movesOf(s)) {
      basePoints += (statsTotal(m) / games) * moveScore(m, rep.color);
      baseReach += statsTotal(m) / games;
    }
  }
  return {
    score: points / total,
    baseline: baseReach > 0 ? basePoints / baseReach : 0,
    coveredReach: total,
    games: baseGames,
  };
}
