/**
 * Win chance from an engine evaluation, as Lichess computes it (scalachess `eval.scala` WinPercent).
 *
 *   winChance(0) // 50
 *   winningChances(300) // 0.503…: the -1..+1 scale Lichess judges moves on
 */

/** An engine evaluation from White's side: centipawns, or moves to mate (negative: Black mates; 0: the side to move is mated). */
export type Evaluation = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

export type Side = 'white' | 'black';

export const MISTAKE_KINDS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];

/** A mate counts as this many centipawns where evaluations are capped (win percentage, accuracy, ACPL). */
export const MATE_CP = 1000;

/** Lichess's fitted slope (lila pull request 11148). */
const MULTIPLIER = -0.00368208;

export const otherSide = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/** -1..+1: winning chances of a side whose evaluation is `cp` centipawns, not capped. */
export function winningChances(cp: number): number {
  return Math.max(-1, Math.min(1, 2 / (1 + Math.exp(MULTIPLIER * cp)) - 1));
}

/** 0..100: the win percentage of a side whose evaluation is `cp` centipawns, not capped. */
export function winChance(cp: number): number {
  return 50 + 50 * winningChances(cp);
}

/** Centipawns from White's side, capped at ±MATE_CP, mates as ±MATE_CP; `toMove` says who is mated at `mate: 0`. */
export function whiteCentipawns(evaluation: Evaluation, toMove: Side): number {
  if (evaluation.mate !== undefined) {
    if (evaluation.mate === 0) return toMove === 'white' ? -MATE_CP : MATE_CP;
    return evaluation.mate > 0 ? MATE_CP : -MATE_CP;
  }
  return Math.max(-MATE_CP, Math.min(MATE_CP, evaluation.cp));
}

/** 0..100: `side`'s win percentage in a position with `toMove` to play, cp capped at ±1000 (Lichess's WinPercent.fromScore). */
export function winChanceOf(evaluation: Evaluation, toMove: Side, side: Side): number {
  const cp = whiteCentipawns(evaluation, toMove);
  return winChance(side === 'white' ? cp : -cp);
}
