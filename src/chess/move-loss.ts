import { MATE_CP, type Evaluation, type Side } from './win-chance.js';

/**
 * How many centipawns a move gives away against the engine's best in its position, for the side
 * that plays it. Mates count beyond any evaluation, a nearer mate more than a farther one.
 *
 *   moveLoss({ cp: 30 }, { cp: -90 }, 'white') // 120: a dubious move (DUBIOUS_LOSS_CP)
 */

/** A repertoire move that loses a pawn or more against the engine's best is dubious. */
export const DUBIOUS_LOSS_CP = 100;

const MATE_VALUE = 100 * MATE_CP;

const opponent = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/** Centipawns for `side` in a position with `toMove` to play. */
export function sideCentipawns(evaluation: Evaluation, side: Side, toMove: Side): number {
  const sign = side === 'white' ? 1 : -1;
  if (evaluation.mate === undefined) return sign * evaluation.cp;
  if (evaluation.mate === 0) return sign * (toMove === 'white' ? -MATE_VALUE : MATE_VALUE);
  const white = (evaluation.mate > 0 ? 1 : -1) * (MATE_VALUE - Math.abs(evaluation.mate));
  return sign * white;
}

/**
 * Centipawns `mover` loses by a move: `best` is the engine's evaluation of the position before it
 * (the mover to play), `after` that of the position after it; both from White's side. Never negative.
 */
export function moveLoss(best: Evaluation, after: Evaluation, mover: Side): number {
  return Math.max(0, sideCentipawns(best, mover, mover) - sideCentipawns(after, mover, opponent(mover)));
}

export function isDubious(best: Evaluation, after: Evaluation, mover: Side): boolean {
  return moveLoss(best, after, mover) >= DUBIOUS_LOSS_CP;
}
