import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDrillStats } from '../../../lib/drill';
import { drillQueryKey, type DrillColor } from './types';

export const getDrillStatsQueryOptions = (color: DrillColor) =>
  queryOptions({ queryKey: [...drillQueryKey, 'stats', color], queryFn: () => getDrillStats(color) });

export function useDrillStats(color: DrillColor) {
  return useQuery(getDrillStatsQueryOptions(color));
}
