import { moveLoss, sideCentipawns } from './move-loss.js';
import type { Evaluation, Side } from './win-chance.js';

/**
 * The suggested answer in a position with the player to move: of the replies played at the player's
 * level (explorer moves with the player's score), the best-scoring one the engine does not refute,
 * that is whose evaluation is within half a pawn of the engine's best in the position.
 *
 *   suggestAnswer([{ uci: 'e7e5', san: 'e5', score: 0.52, games: 900, evaluation: { cp: 20 } }], { cp: 30 }, 'black')
 */

/** Half a pawn: a reply this close to the engine's best is sound enough to play. */
export const REFUTED_MARGIN_CP = 50;

export interface AnswerCandidate {
  uci: string;
  san: string;
  /** 0..1: the mean result of the side to move after this reply in explorer games at the player's level. */
  score: number;
  games: number;
  /** The engine's evaluation of the position after the reply, from White's side; undefined when not known. */
  evaluation?: Evaluation;
}

const opponent = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/**
 * The suggestion among `candidates` for `player` (to move), given the engine's `best` evaluation of
 * the position itself (White's side, when known); undefined when no evaluated candidate is sound.
 */
export function suggestAnswer<C extends AnswerCandidate>(
  candidates: readonly C[],
  best: Evaluation | undefined,
  player: Side,
): C | undefined {
  const evaluated = candidates.filter((c) => c.evaluation !== undefined);
  if (evaluated.length === 0) return undefined;
  // The position's best as the player sees it: the engine's own, or the best evaluated reply.
  const value = (c: C) => sideCentipawns(c.evaluation!, player, opponent(player));
  const top = Math.max(...evaluated.map(value), ...(best ? [sideCentipawns(best, player, player)] : []));
  const sound = evaluated.filter((c) => top - value(c) <= REFUTED_MARGIN_CP);
  return [...sound].sort((a, b) => b.score - a.score || b.games - a.games || value(b) - value(a))[0];
}

/** Whether the engine refutes a reply: its evaluation more than the margin below `best`. */
export function isRefuted(candidate: AnswerCandidate, best: Evaluation, player: Side): boolean {
  return candidate.evaluation !== undefined && moveLoss(best, candidate.evaluation, player) > REFUTED_MARGIN_CP;
}
