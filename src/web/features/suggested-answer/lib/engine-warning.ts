import type { AnswerCandidate } from '../../../../chess/engine-suggestion';
import type { Evaluation } from '../../../../chess/win-chance';
import { evalText } from '../../../lib/engine/eval-text';

/**
 * The engine's warning on a refuted suggestion, with the figures it rests on: the pick's evaluation,
 * the best the engine found in the position (its own best move, else the best evaluated reply) and,
 * when another reply holds within half a pawn of that best, that reply.
 *
 *   "The engine warns: e5 (+0.05) is more than half a pawn worse than its best here (+0.60); b3 (+0.30)
 *    holds within half a pawn of it."
 */
export function engineWarningText(
  pick: AnswerCandidate,
  best: Evaluation | undefined,
  better: AnswerCandidate | undefined,
): string {
  const pickText = pick.evaluation ? ` (${evalText(pick.evaluation)})` : '';
  const warning = `The engine warns: ${pick.san}${pickText} is more than half a pawn worse than its best here`;
  const betterText = better?.evaluation ? `${better.san} (${evalText(better.evaluation)})` : undefined;
  // Without an evaluation of the position, the best evaluated reply is the best here.
  if (!best) return betterText ? `${warning}, ${betterText}.` : `${warning}.`;
  const bestText = `${warning} (${evalText(best)})`;
  return betterText ? `${bestText}; ${betterText} holds within half a pawn of it.` : `${bestText}.`;
}
