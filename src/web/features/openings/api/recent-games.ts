import { apiGet } from '../../../lib/api-client';

export type GameSite = 'lichess' | 'chesscom';

/** The spec's Game record, as far as the opening screens use it. */
export type GameRecord = {
  username: string;
  hero_color: 'White' | 'Black';
  opponent_name: string;
  pgn: string;
  date_time_played: string | null;
  time_control?: string;
  site: string;
  link?: string | null;
};

/** Recent games under `username` on that site (read only, never saved); [] without one. */
export async function getRecentGames(site: GameSite, username: string): Promise<GameRecord[]> {
  const answer = await apiGet<{ api_data: GameRecord[]; error?: string }>('/api/recent-games', { site, username });
  // e.g. 'Lichess has no player named x'
  if (answer.error) throw new Error(answer.error);
  return answer.api_data ?? [];
}

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
