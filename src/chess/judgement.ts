import { otherSide, winChanceOf, winningChances, type Evaluation, type MistakeKind, type Side } from './win-chance.js';

/**
 * A move judged as Lichess judges it (lila `modules/tree` Advice.scala): by the mover's loss of winning
 * chances (-1..+1, raw centipawns) between the evaluations before and after the move, or by Lichess's
 * mate rules where a forced mate appears or disappears.
 *
 *   judgeMove({ cp: 190 }, { cp: 44 }, 'white') // 'mistake': 0.336 -> 0.081 winning chances
 *   judgeMove({ cp: -750 }, { mate: -3 }, 'white') // 'mistake': mate created from below -700
 */

/** Least loss of winning chances (-1..+1 scale) for each kind, worst first: 15, 10 and 5 points of win percentage. */
export const JUDGEMENT_THRESHOLDS: readonly (readonly [MistakeKind, number])[] = [
  ['blunder', 0.3],
  ['mistake', 0.2],
  ['inaccuracy', 0.1],
];

/** Positive when `side` mates, negative when it is mated, undefined without a mate; mate 0: `toMove` is mated. */
function mateSign(evaluation: Evaluation, toMove: Side, side: Side): number | undefined {
  if (evaluation.mate === undefined) return undefined;
  const white = evaluation.mate === 0 ? (toMove === 'white' ? -1 : 1) : Math.sign(evaluation.mate);
  return side === 'white' ? white : -white;
}

/** The mover's loss of winning chances (-1..+1 scale) when both evaluations are centipawns. */
export function winningChancesLoss(before: number, after: number, mover: Side): number {
  const sign = mover === 'white' ? 1 : -1;
  return winningChances(sign * before) - winningChances(sign * after);
}

/**
 * The kind of mistake a move is, or undefined: `before` is the evaluation of the position the mover
 * played in, `after` that of the position the move made; both from White's side.
 */
export function judgeMove(before: Evaluation, after: Evaluation, mover: Side): MistakeKind | undefined {
  if (before.cp !== undefined && after.cp !== undefined) {
    const loss = winningChancesLoss(before.cp, after.cp, mover);
    return JUDGEMENT_THRESHOLDS.find(([, least]) => least <= loss)?.[0];
  }
  const sign = mover === 'white' ? 1 : -1;
  // Lichess reads a missing centipawn figure as 0.
  const cpBefore = sign * (before.cp ?? 0);
  const cpAfter = sign * (after.cp ?? 0);
  const mateBefore = mateSign(before, mover, mover);
  const mateAfter = mateSign(after, otherSide(mover), mover);
  if (mateBefore === undefined && mateAfter !== undefined && mateAfter < 0) {
    // Mate created: the mover now gets mated.
    if (cpBefore < -999) return 'inaccuracy';
    if (cpBefore < -700) return 'mistake';
    return 'blunder';
  }
  if (mateBefore !== undefined && mateBefore > 0 && (mateAfter === undefined || mateAfter < 0)) {
    // Forced mate lost; a slower mate is no judgement.
    if (cpAfter > 999) return 'inaccuracy';
    if (cpAfter > 700) return 'mistake';
    return 'blunder';
  }
  return undefined;
}

/** 0..100: points of win percentage the mover lost (cp capped at ±1000, mates as ±1000); for ranking and display. */
export function winPercentLoss(before: Evaluation, after: Evaluation, mover: Side): number {
  return winChanceOf(before, mover, mover) - winChanceOf(after, otherSide(mover), mover);
}
