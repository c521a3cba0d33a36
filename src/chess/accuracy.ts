import type { PlyEvaluation } from './engine-mistakes.js';
import { otherSide, whiteCentipawns, winChance, type Side } from './win-chance.js';

/**
 * Accuracy and average centipawn loss of each side as Lichess computes them (lila `modules/analyse`
 * AccuracyPercent.scala and AccuracyCP.scala), from the engine's evaluation of every position.
 *
 *   moveAccuracy(60, 50) // 67.6: ten points of win percentage lost
 *   gameFigures(startFen, evals, 40) // { accuracy: { white: 87, black: 74 }, acpl: { white: 31, black: 58 } }
 */

/** Lichess's evaluation of the standard start, which it does not analyse (Eval.Cp.initial). */
export const INITIAL_CP = 15;

/** 0..100: the accuracy of a move that took the mover's win percentage from `before` to `after`. */
export function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411;
  // Lichess adds one point for the engine's own imperfection.
  return Math.max(0, Math.min(100, raw + 1));
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Population standard deviation, as lila's Maths.standardDeviation. */
export function standardDeviation(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / xs.length);
}

/** Scala's `sliding(size)`: every run of `size` in a row, or the whole list when it is shorter. */
function sliding<T>(xs: readonly T[], size: number): T[][] {
  if (xs.length <= size) return [xs.slice()];
  return Array.from({ length: xs.length - size + 1 }, (_, i) => xs.slice(i, i + size));
}

export type BySide<T> = Record<Side, T>;

/**
 * 0..100 accuracy of each side (undefined for a side with no move): `cps` are White's centipawns
 * (capped at ±1000) after each move in turn, `startCp` before the first, played by `firstMover`.
 * The mean of a volatility-weighted mean over windows of clamp(moves / 10, 2, 8) positions and the
 * harmonic mean of the moves' accuracies.
 */
export function gameAccuracy(startCp: number, cps: readonly number[], firstMover: Side): BySide<number | undefined> {
  const wins = [startCp, ...cps].map((cp) => winChance(Math.max(-1000, Math.min(1000, cp))));
  const size = Math.max(2, Math.min(8, Math.floor(cps.length / 10)));
  const head = Array.from({ length: Math.max(0, Math.min(size, wins.length) - 2) }, () => wins.slice(0, size));
  const weights = [...head, ...sliding(wins, size)].map((w) => Math.max(0.5, Math.min(12, standardDeviation(w))));
  const moves: BySide<{ accuracy: number; weight: number }[]> = { white: [], black: [] };
  for (let i = 0; i < cps.length && i < weights.length; i++) {
    const side = i % 2 === 0 ? firstMover : otherSide(firstMover);
    const [prev, next] = [wins[i], wins[i + 1]];
    const accuracy = side === 'white' ? moveAccuracy(prev, next) : moveAccuracy(100 - prev, 100 - next);
    moves[side].push({ accuracy, weight: weights[i] });
  }
  const of = (side: Side): number | undefined => {
    const list = moves[side];
    if (list.length === 0) return undefined;
    const totalWeight = list.reduce((a, m) => a + m.weight, 0);
    const weighted = list.reduce((a, m) => a + m.accuracy * m.weight, 0) / totalWeight;
    const harmonic = list.length / list.reduce((a, m) => a + 1 / Math.max(1, m.accuracy), 0);
    return (weighted + harmonic) / 2;
  };
  return { white: of('white'), black: of('black') };
}

/** Average centipawn loss of each side (undefined for a side with no move): cp capped at ±1000, gains count 0. */
export function averageCentipawnLoss(
  startCp: number,
  cps: readonly number[],
  firstMover: Side,
): BySide<number | undefined> {
  const capped = [startCp, ...cps].map((cp) => Math.max(-1000, Math.min(1000, cp)));
  const losses: BySide<number[]> = { white: [], black: [] };
  for (let i = 0; i < cps.length; i++) {
    const side = i % 2 === 0 ? firstMover : otherSide(firstMover);
    const diff = (capped[i + 1] - capped[i]) * (side === 'white' ? -1 : 1);
    losses[side].push(Math.max(0, diff));
  }
  const of = (side: Side) => (losses[side].length ? Math.round(mean(losses[side])) : undefined);
  return { white: of('white'), black: of('black') };
}

export interface GameFigures {
  /** Whole percentages, as Lichess shows them; null for a side with no analysed move. */
  accuracy: BySide<number | null>;
  acpl: BySide<number | null>;
}

/**
 * Accuracy and ACPL of a game from the engine's evaluations by ply: the moves from the first up to
 * the first position not evaluated (a stopped analysis counts as far as it went). The start counts as
 * Lichess's +0.15 from the standard position, else as the engine's evaluation of it.
 */
export function gameFigures(startFen: string, evaluations: readonly PlyEvaluation[], plies: number): GameFigures {
  const byPly = new Map(evaluations.map((e) => [e.ply, e]));
  const firstMover: Side = startFen.split(' ')[1] === 'b' ? 'black' : 'white';
  const toMoveAt = (ply: number) => (ply % 2 === 0 ? firstMover : otherSide(firstMover));
  const cps: number[] = [];
  for (let ply = 1; ply <= plies; ply++) {
    const e = byPly.get(ply);
    if (!e) break;
    cps.push(whiteCentipawns(e, toMoveAt(ply)));
  }
  const start = byPly.get(0);
  const standard = startFen.startsWith('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq');
  const startCp = standard || !start ? INITIAL_CP : whiteCentipawns(start, firstMover);
  const accuracy = gameAccuracy(startCp, cps, firstMover);
  const acpl = averageCentipawnLoss(startCp, cps, firstMover);
  const whole = (x: number | undefined) => (x === undefined ? null : Math.round(x));
  return {
    accuracy: { white: whole(accuracy.white), black: whole(accuracy.black) },
    acpl: { white: acpl.white ?? null, black: acpl.black ?? null },
  };
}
