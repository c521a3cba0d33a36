import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSchedulerWeights } from '../../../lib/scheduler';

/** The player's own FSRS weights once optimised (null: the standard ones), for the score buttons' intervals. */
export const getOwnWeightsQueryOptions = () =>
  queryOptions({ queryKey: ['scheduler', 'weights'], queryFn: getSchedulerWeights, staleTime: 60_000 });

export function useOwnWeights() {
  return useQuery(getOwnWeightsQueryOptions());
}
