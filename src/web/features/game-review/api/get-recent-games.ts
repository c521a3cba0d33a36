import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameRecord } from '../../../../chess/game-record';
import type { RecentGameSite } from '../../../../server/routes/game-review-schemas';
import { apiGet } from '../../../lib/api-client';

/** Refetch intervals of spec 7 (Polling). */
export const APP_SHELL_POLL_MS = 2_400_000;
export const PICKER_POLL_MS = 300_000;

export const recentGamesQueryKey = ['recent-games'] as const;

/** The site has no player by that name: asking again will not help. */
export class UnknownPlayerError extends Error {
  override readonly name = 'UnknownPlayerError';
}

/** Recent games on a site under the saved username, not yet saved as reviews, newest first. */
export async function getRecentGames(site: RecentGameSite): Promise<GameRecord[]> {
  const answer = await apiGet<{ api_data: GameRecord[]; error?: string; busy?: boolean }>('/api/recent-games', {
    site,
  });
  // A site resting after a 429 is worth asking again; an unknown player is not.
  if (answer.busy) throw new Error(answer.error);
  if (answer.error) throw new UnknownPlayerError(answer.error);
  return answer.api_data;
}

/** The username is part of the key: saving a new name fetches that player's games. */
export function recentGamesQueryOptions(site: RecentGameSite, username: string, refetchInterval: number) {
  return queryOptions({
    queryKey: [...recentGamesQueryKey, site, username.trim().toLowerCase()],
    queryFn: () => getRecentGames(site),
    enabled: username.trim() !== '',
    retry: (failures: number, error: Error) => !(error instanceof UnknownPlayerError) && failures < 3,
    refetchInterval,
    staleTime: 60_000,
  });
}

export function useRecentGames(site: RecentGameSite, username: string, refetchInterval = PICKER_POLL_MS) {
  return useQuery(recentGamesQueryOptions(site, username, refetchInterval));
}
