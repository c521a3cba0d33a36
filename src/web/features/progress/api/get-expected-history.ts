import { queryOptions, useQuery } from '@tanstack/react-query';
import { coverageGoalApi, type ExpectedPoint } from '@contract/coverage-goal';
import type { Color } from '@contract/common';
import { callData } from '../../../lib/api';

export type { ExpectedPoint };

/** The colour's expected score each time it changed (after a coverage check or an edit), oldest first. */
export async function getExpectedHistory(color: Color): Promise<ExpectedPoint[]> {
  return callData(coverageGoalApi.expectedHistory, { query: { color } });
}

export const getExpectedHistoryQueryOptions = (color: Color) =>
  queryOptions({ queryKey: ['expected-history', color], queryFn: () => getExpectedHistory(color) });

export const useExpectedHistory = (color: Color) => useQuery(getExpectedHistoryQueryOptions(color));
