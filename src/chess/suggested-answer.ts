/**
 * The suggested answer at a position: of the moves the explorer saw there at the player's speeds and
 * rating bands, the one with the highest `scoreLow` for the player (the repertoire's colour, to move),
 * the lower bound of the score's 95% Wilson interval, so a score of few games never wins on luck; only
 * moves with at least SUGGESTION_MIN_GAMES games and SUGGESTION_MIN_SHARE of the position's games count.
 * Ties go to the more played move, then SAN: the same data always gives the same answer.
 *
 *   suggestedAnswer({ white: 30, draws: 10, black: 60, moves: [e4 (20 games, 70%), d4 (80 games, 60%)] }, 'white')
 *   -> d4 (scoreLow 0.49 against e4's 0.48)
 */
import type { Color } from './repertoire.js';
import { compareByScoreLow, wilsonLow } from './wilson.js';

export const SUGGESTION_MIN_GAMES = 10;
export const SUGGESTION_MIN_SHARE = 0.02;

export interface ExplorerCounts {
  white: number;
  draws: number;
  black: number;
}

export interface ExplorerMoveCounts extends ExplorerCounts {
  san: string;
  uci: string;
}

export interface SuggestedAnswer {
  san: string;
  uci: string;
  /** The player's score after the move, 0..1 (wins and half the draws). */
  score: number;
  /** 0..1: the lower bound of the score's 95% Wilson interval over `games`. */
  scoreLow: number;
  games: number;
}

export const gamesOf = (c: ExplorerCounts): number => c.white + c.draws + c.black;

/** The score of `color` over the counted games, 0..1; 0 when there are none. */
export const scoreFor = (c: ExplorerCounts, color: Color): number => {
  const games = gamesOf(c);
  if (games === 0) return 0;
  return ((color === 'white' ? c.white : c.black) + c.draws / 2) / games;
};

export const suggestedAnswer = (
  position: ExplorerCounts & { moves: readonly ExplorerMoveCounts[] },
  color: Color,
): SuggestedAnswer | null => {
  const total = Math.max(
    gamesOf(position),
    position.moves.reduce((n, m) => n + gamesOf(m), 0),
  );
  const least = Math.max(SUGGESTION_MIN_GAMES, Math.ceil(total * SUGGESTION_MIN_SHARE));
  let best: SuggestedAnswer | null = null;
  for (const m of position.moves) {
    const games = gamesOf(m);
    if (games < least) continue;
    const score = scoreFor(m, color);
    const candidate = { san: m.san, uci: m.uci, score, scoreLow: wilsonLow(score, games), games };
    if (!best || compareByScoreLow(candidate, best) < 0) best = candidate;
  }
  return best;
};
