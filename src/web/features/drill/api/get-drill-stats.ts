import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zone';
import { drillQueryKey, type DrillColor, type DrillStats } from './types';

/** Counts of a colour's deck: total, new, learning, review, due now, retired, and today's New items. */
export async function getDrillStats(color: DrillColor): Promise<DrillStats> {
  return (await apiGet<{ api_data: DrillStats }>('/api/drill/stats', { color, tz: browserTimeZone() })).api_data;
}

export const getDrillStatsQueryOptions = (color: DrillColor) =>
  queryOptions({ queryKey: [...drillQueryKey, 'stats', color], queryFn: () => getDrillStats(color) });

export function useDrillStats(color: DrillColor) {
  return useQuery(getDrillStatsQueryOptions(color));
}
