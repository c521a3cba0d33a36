// The opponent's move from the explorer, as real opponents at the player's bands play: each move with a
// probability proportional to its games, while the position has at least EXPLORER_MIN_GAMES games.
//
//   pickExplorerMove([{ san: 'e5', white: 20, draws: 0, black: 10 }, { san: 'c5', white: 5, draws: 0, black: 5 }], 0.8)
//   // -> c5: 0.8 of the 40 games is the 32nd, past e5's 30
import type { ExplorerMoveAnswer } from '@contract/repertoire';

/** Below this many games at a position the engine plays instead. */
export const EXPLORER_MIN_GAMES = 20;

export type WeightedMove = Pick<ExplorerMoveAnswer, 'san' | 'white' | 'draws' | 'black'>;

const gamesOf = (move: WeightedMove): number => Math.max(0, move.white + move.draws + move.black);

/** The games over the explorer's moves at a position. */
export const explorerGames = (moves: readonly WeightedMove[]): number =>
  moves.reduce((sum, move) => sum + gamesOf(move), 0);

/**
 * The move that `random` (0 <= random < 1) falls on when the moves' games are laid end to end;
 * undefined when they add up to fewer than EXPLORER_MIN_GAMES.
 */
export function pickExplorerMove<M extends WeightedMove>(moves: readonly M[], random: number): M | undefined {
  const total = explorerGames(moves);
  if (total < EXPLORER_MIN_GAMES) return undefined;
  let left = Math.min(Math.max(random, 0), 1) * total;
  let last: M | undefined;
  for (const move of moves) {
    const games = gamesOf(move);
    if (games === 0) continue;
    if (left < games) return move;
    left -= games;
    last = move;
  }
  // random at 1, or rounding: the last move with games.
  return last;
}
