/**
 * The best-scoring reply in explorer statistics: of the moves played often enough at a position, the
 * one whose games went best for the side to move.
 *
 *   bestScoringReply([{ san: 'Nf3', white: 60, draws: 20, black: 20 }, ...], 'white')
 *   -> { san: 'Nf3', score: 0.7, games: 100, ... }
 */
import type { Color } from './repertoire.js';

export interface ReplyStats {
  uci: string;
  san: string;
  white: number;
  draws: number;
  black: number;
}

export interface ScoredReply {
  uci: string;
  san: string;
  /** 0..1: the mover's mean result in the explorer's games. */
  score: number;
  games: number;
}

/** Moves with fewer games than this share of the position's are too rarely played to judge (0..1). */
export const MIN_REPLY_SHARE = 0.05;
/** And with fewer games than this. */
export const MIN_REPLY_GAMES = 10;

/** Undefined when no move is played often enough. Ties go to the more played move. */
export const bestScoringReply = (moves: readonly ReplyStats[], mover: Color): ScoredReply | undefined => {
  const total = moves.reduce((sum, m) => sum + m.white + m.draws + m.black, 0);
  let best: ScoredReply | undefined;
  for (const move of moves) {
    const games = move.white + move.draws + move.black;
    if (games < MIN_REPLY_GAMES || games < total * MIN_REPLY_SHARE) continue;
    const wins = mover === 'white' ? move.white : move.black;
    const score = (wins + move.draws / 2) / games;
    if (!best || score > best.score || (score === best.score && games > best.games))
      best = { uci: move.uci, san: move.san, score, games };
  }
  return best;
};
