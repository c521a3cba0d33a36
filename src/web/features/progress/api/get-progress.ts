import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgressAnswer } from '@contract/today';
import { apiGet } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zone';

export const progressQueryKey = ['progress'] as const;

/** The forecast, weekly retention and leeches, by the browser's calendar. */
export async function getProgress(): Promise<ProgressAnswer> {
  return (await apiGet<{ api_data: ProgressAnswer }>('/api/progress', { tz: browserTimeZone() })).api_data;
}

export const getProgressQueryOptions = () => queryOptions({ queryKey: progressQueryKey, queryFn: getProgress });

export function useProgress() {
  return useQuery(getProgressQueryOptions());
}
