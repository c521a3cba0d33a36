import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpectedPoint } from '@contract/coverage-goal';
import type { Color } from '@contract/common';
import { apiGet } from '../../../lib/api-client';

export type { ExpectedPoint };

/** The colour's expected score each time it changed (after a coverage check or an edit), oldest first. */
export async function getExpectedHistory(color: Color): Promise<ExpectedPoint[]> {
  return (await apiGet<{ api_data: ExpectedPoint[] }>('/api/repertoire/expected/history', { color })).api_data;
}

export const getExpectedHistoryQueryOptions = (color: Color) =>
  queryOptions({ queryKey: ['expected-history', color], queryFn: () => getExpectedHistory(color) });

export const useExpectedHistory = (color: Color) => useQuery(getExpectedHistoryQueryOptions(color));
