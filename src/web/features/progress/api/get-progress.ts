import { queryOptions, useQuery } from '@tanstack/react-query';
import { todayApi, type ProgressAnswer } from '@contract/today';
import { callData } from '../../../lib/api';
import { browserTimeZone } from '../../../lib/time-zone';

export const progressQueryKey = ['progress'] as const;

/** The forecast, weekly retention and leeches, by the browser's calendar. */
export async function getProgress(): Promise<ProgressAnswer> {
  return callData(todayApi.progress, { query: { tz: browserTimeZone() } });
}

export const getProgressQueryOptions = () => queryOptions({ queryKey: progressQueryKey, queryFn: getProgress });

export function useProgress() {
  return useQuery(getProgressQueryOptions());
}
