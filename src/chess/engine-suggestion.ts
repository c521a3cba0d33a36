import { moveLoss, sideCentipawns } from './move-loss.js';
import type { Evaluation, Side } from './win-chance.js';
import { compareByScoreLow, wilsonLow } from './wilson.js';

/**
 * The suggested answer in a position with the player to move: of the replies played at the player's
 * level (explorer moves with the player's score), the one with the highest `scoreLow`. The engine
 * checks that pick, confirming it or warning that it is refuted (more than half a pawn below the best
 * it found), and never swaps it: the same explorer data gives the same suggestion on every load,
 * whatever depth the engine reached.
 *
 *   const pick = suggestAnswer([{ uci: 'e7e5', san: 'e5', score: 0.52, games: 900 }])
 *   checkSuggestion(pick, candidatesWithEvals, { cp: 30 }, 'black') // { verdict: 'confirmed' }
 */

/** Half a pawn: a reply this close to the engine's best is sound enough to play. */
export const REFUTED_MARGIN_CP = 50;

export interface AnswerCandidate {
  uci: string;
  san: string;
  /** 0..1: the mean result of the side to move after this reply in explorer games at the player's level. */
  score: number;
  games: number;
  /** 0..1: the lower bound of the score's 95% Wilson interval; computed from score and games when left out. */
  scoreLow?: number;
  /** The engine's evaluation of the position after the reply, from White's side; undefined when not known. */
  evaluation?: Evaluation;
}

const opponent = (side: Side): Side => (side === 'white' ? 'black' : 'white');

const lowOf = (c: AnswerCandidate): number => c.scoreLow ?? wilsonLow(c.score, c.games);

/** The candidate with the highest scoreLow (then more games, then SAN); undefined when there is none. */
export function suggestAnswer<C extends AnswerCandidate>(candidates: readonly C[]): C | undefined {
  let best: C | undefined;
  for (const c of candidates) {
    const ranked = { san: c.san, games: c.games, scoreLow: lowOf(c) };
    if (!best || compareByScoreLow(ranked, { san: best.san, games: best.games, scoreLow: lowOf(best) }) < 0) best = c;
  }
  return best;
}

export type EngineVerdict =
  /** Within the margin of the best the engine knows in the position. */
  | { verdict: 'confirmed' }
  /** More than the margin below it; `better` is the best evaluated reply, when it is another candidate. */
  | { verdict: 'refuted'; better?: AnswerCandidate }
  /** The pick has no evaluation yet. */
  | { verdict: 'unchecked' };

/**
 * The engine's word on `pick`, given every candidate's evaluation (where known) and the engine's `best`
 * evaluation of the position itself (White's side, when known).
 */
export function checkSuggestion(
  pick: AnswerCandidate,
  candidates: readonly AnswerCandidate[],
  best: Evaluation | undefined,
  player: Side,
): EngineVerdict {
  if (pick.evaluation === undefined) return { verdict: 'unchecked' };
  const value = (c: AnswerCandidate) => sideCentipawns(c.evaluation!, player, opponent(player));
  const evaluated = candidates.filter((c) => c.evaluation !== undefined);
  const top = Math.max(value(pick), ...evaluated.map(value), ...(best ? [sideCentipawns(best, player, player)] : []));
  if (top - value(pick) <= REFUTED_MARGIN_CP) return { verdict: 'confirmed' };
  const better = [...evaluated].sort((a, b) => value(b) - value(a))[0];
  return better && better.uci !== pick.uci && top - value(better) <= REFUTED_MARGIN_CP
    ? { verdict: 'refuted', better }
    : { verdict: 'refuted' };
}

/** Whether the engine refutes a reply: its evaluation more than the margin below `best`. */
export function isRefuted(candidate: AnswerCandidate, best: Evaluation, player: Side): boolean {
  return candidate.evaluation !== undefined && moveLoss(best, candidate.evaluation, player) > REFUTED_MARGIN_CP;
}
