import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { starterApi, type StarterEstimate } from '@contract/starter';
import { callData } from '../../../lib/api';

export type { StarterEstimate };

/** The usual range of explorer lookups of a build at this goal (0..1), and the server's pace. */
export async function getStarterEstimate(goal: number): Promise<StarterEstimate> {
  return callData(starterApi.estimate, { query: { goal } });
}

export const getStarterEstimateQueryOptions = (goal: number) =>
  queryOptions({
    queryKey: ['starter', 'estimate', goal] as const,
    queryFn: () => getStarterEstimate(goal),
    staleTime: Infinity,
  });

/** The estimate for a goal; the previous goal's stays shown while a new one is read. */
export const useStarterEstimate = (goal: number | undefined) =>
  useQuery({
    ...getStarterEstimateQueryOptions(goal ?? 0),
    enabled: goal !== undefined,
    placeholderData: keepPreviousData,
  });
