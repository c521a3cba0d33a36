/**
 * Honest scores: a move's score is the player's share of the points in the explorer's games after it
 * (wins plus half the draws, over games); `scoreLow` is the lower bound of its 95% Wilson interval, so
 * a 2-game 100% row ranks below a 500-game 58% one.
 *
 *   scoreLow({ white: 2, draws: 0, black: 0 }, 'white')      // 0.34
 *   scoreLow({ white: 270, draws: 40, black: 190 }, 'white') // 0.54
 */
import type { Color } from './repertoire.js';

/** z for a two-sided 95% interval. */
export const WILSON_Z = 1.96;

export interface GameCounts {
  white: number;
  draws: number;
  black: number;
}

export const countGames = (c: GameCounts): number => c.white + c.draws + c.black;

/** 0..1: the points `color` took over the counted games; 0 when there are none. */
export const moveScore = (c: GameCounts, color: Color): number => {
  const games = countGames(c);
  if (games === 0) return 0;
  return ((color === 'white' ? c.white : c.black) + c.draws / 2) / games;
};

/** 0..1: lower bound of the Wilson score interval of `score` (0..1) over `games`; 0 without games. */
export const wilsonLow = (score: number, games: number, z = WILSON_Z): number => {
  if (games <= 0) return 0;
  const z2 = z * z;
  const centre = score + z2 / (2 * games);
  const spread = z * Math.sqrt((score * (1 - score)) / games + z2 / (4 * games * games));
  return Math.max(0, (centre - spread) / (1 + z2 / games));
};

/** 0..1: the lower bound of `color`'s score after a move, over its games. */
export const scoreLow = (c: GameCounts, color: Color): number => wilsonLow(moveScore(c, color), countGames(c));

export interface RankedMove {
  san: string;
  games: number;
  scoreLow: number;
}

/** Best first: higher `scoreLow`, then more games, then SAN, so equal data always ranks alike. */
export const compareByScoreLow = (a: RankedMove, b: RankedMove): number =>
  b.scoreLow - a.scoreLow || b.games - a.games || (a.san < b.san ? -1 : a.san > b.san ? 1 : 0);
