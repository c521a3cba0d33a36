/**
 * Win chance from an engine evaluation, as Lichess computes it, and the kind of mistake a move is by
 * how much of the mover's win chance it throws away.
 *
 *   winChance(0) // 50
 *   moveKind(winChanceDrop({ cp: 30 }, { cp: -400 }, 'white')) // 'blunder'
 */

/** An engine evaluation from White's side: centipawns, or moves to mate (negative: Black mates; 0: the side to move is mated). */
export type Evaluation = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

export type Side = 'white' | 'black';

export const MISTAKE_KINDS = ['inaccuracy', 'mistake', 'blunder'] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];

/** Least drop in win chance (points of 0..100) for each kind, worst first. */
export const KIND_THRESHOLDS: readonly (readonly [MistakeKind, number])[] = [
  ['blunder', 30],
  ['mistake', 20],
  ['inaccuracy', 10],
];

/** A mate counts as this many centipawns, and larger evaluations are capped to it. */
export const MATE_CP = 1000;

const other = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/** 0..100: the chance to win for a side whose evaluation is `cp` centipawns. */
export function winChance(cp: number): number {
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

/** Centipawns from White's side, mates as ±MATE_CP; `toMove` says who is mated at `mate: 0`. */
export function whiteCentipawns(evaluation: Evaluation, toMove: Side): number {
  if (evaluation.mate !== undefined) {
    if (evaluation.mate === 0) return toMove === 'white' ? -MATE_CP : MATE_CP;
    return evaluation.mate > 0 ? MATE_CP : -MATE_CP;
  }
  return Math.max(-MATE_CP, Math.min(MATE_CP, evaluation.cp));
}

/** 0..100: `side`'s win chance in a position with `toMove` to play. */
export function winChanceOf(evaluation: Evaluation, toMove: Side, side: Side): number {
  const cp = whiteCentipawns(evaluation, toMove);
  return winChance(side === 'white' ? cp : -cp);
}

/** Points of win chance the `mover` lost with a move from the position `before` to the position `after`. */
export function winChanceDrop(before: Evaluation, after: Evaluation, mover: Side): number {
  return winChanceOf(before, mover, mover) - winChanceOf(after, other(mover), mover);
}

/** The kind of mistake a drop of `drop` points is (10, 20, 30 or more), or undefined for a good enough move. */
export function moveKind(drop: number): MistakeKind | undefined {
  return KIND_THRESHOLDS.find(([, least]) => drop >= least)?.[0];
}
