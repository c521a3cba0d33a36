// The one client of GET /api/recent-games, shared by game review, the opening tools and the
// repertoire report: each keeps its own query (key, polling), all read the answer the same way.
import { recentGamesApi, type GameRecord, type RecentGameSite } from '@contract/recent-games';
import { call } from './api';

export type { GameRecord, RecentGameSite };

/** The site has no player by that name: asking again will not help. */
export class UnknownPlayerError extends Error {
  override readonly name = 'UnknownPlayerError';
}

/** A site's recent games not yet reviewed, and how many it sent that already are. */
export interface RecentGames {
  games: GameRecord[];
  alreadyReviewed: number;
}

/**
 * Recent games on a site, newest first: under `username` (read only, never saved) or, without one,
 * under the name saved for that site, leaving out games already saved as reviews (counted). A site that
 * failed or rests after a 429 throws an Error worth retrying, saying what failed; an unknown player
 * throws UnknownPlayerError.
 */
export async function fetchRecentGamesCounted(site: RecentGameSite, username?: string): Promise<RecentGames> {
  const answer = await call(recentGamesApi.recentGames, { query: { site, username } });
  if (answer.busy || answer.failed) throw new Error(answer.error);
  if (answer.error) throw new UnknownPlayerError(answer.error);
  return { games: answer.api_data ?? [], alreadyReviewed: answer.already_reviewed ?? 0 };
}

/** The same games without the count. */
export const fetchRecentGames = async (site: RecentGameSite, username?: string): Promise<GameRecord[]> =>
  (await fetchRecentGamesCounted(site, username)).games;
