import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentGameSite } from '@contract/recent-games';
import { fetchRecentGamesCounted, UnknownPlayerError } from '../../../lib/recent-games';

/** Refetch intervals: the app shell every 40 minutes, the open picker every 5 minutes. */
export const APP_SHELL_POLL_MS = 2_400_000;
export const PICKER_POLL_MS = 300_000;

export const recentGamesQueryKey = ['recent-games'] as const;

export { UnknownPlayerError };

/** Recent games on a site under the saved username, not yet saved as reviews, newest first (and how many are). */
export const getRecentGames = (site: RecentGameSite) => fetchRecentGamesCounted(site);

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
