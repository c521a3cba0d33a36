import { queryOptions, useQuery } from '@tanstack/react-query';
import { todayApi, type TodayAnswer } from '@contract/today';
import { callData } from '../../../lib/api';
import { browserTimeZone } from '../../../lib/time-zone';

export const todayQueryKey = ['today'] as const;

/** What to train today, counted in the browser's time zone. */
export async function getToday(): Promise<TodayAnswer> {
  return callData(todayApi.today, { query: { tz: browserTimeZone() } });
}

/** While new games are being fetched in the background, Today asks again every 2 s. */
export const getTodayQueryOptions = () =>
  queryOptions({
    queryKey: todayQueryKey,
    queryFn: getToday,
    refetchInterval: (query) => (query.state.data?.games_fetching ? 2_000 : false),
  });

export function useToday() {
  return useQuery(getTodayQueryOptions());
}
