import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SchedulerAnswer } from '@contract/today';
import { apiGet } from '../../../lib/api-client';

/** The player's own FSRS weights once optimised (null: the standard ones), for the score buttons' intervals. */
export async function getOwnWeights(): Promise<number[] | null> {
  return (await apiGet<{ api_data: SchedulerAnswer }>('/api/scheduler')).api_data.weights;
}

export const getOwnWeightsQueryOptions = () =>
  queryOptions({ queryKey: ['scheduler', 'weights'], queryFn: getOwnWeights, staleTime: 60_000 });

export function useOwnWeights() {
  return useQuery(getOwnWeightsQueryOptions());
}
