import { fetchRecentGames, type GameRecord, type RecentGameSite } from '../../../lib/recent-games';

export type { GameRecord };
export type GameSite = RecentGameSite;

/** Recent games under `username` on that site (read only, never saved); [] without one. */
export const getRecentGames = (site: GameSite, username: string): Promise<GameRecord[]> =>
  fetchRecentGames(site, username);

/** 'X vs. Y' from the hero's side of the record. */
export function gameTitle(game: GameRecord): string {
  const [white, black] =
    game.hero_color === 'White' ? [game.username, game.opponent_name] : [game.opponent_name, game.username];
  return `${white} vs. ${black}`;
}

/** A short local date and time, e.g. '1/2/26, 3:04 PM'. */
export function shortDateTime(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}
