import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Studies } from './types';

export const studiesQueryKey = ['studies'] as const;

/** The user's white and black studies; both null when the server could not read them. */
export async function getStudies(): Promise<Studies> {
  const answer = await apiGet<{ api_data: Studies }>('/api/get-studies');
  return answer.api_data ?? { white: null, black: null };
}

export const getStudiesQueryOptions = () => queryOptions({ queryKey: studiesQueryKey, queryFn: getStudies });

export const useStudies = () => useQuery(getStudiesQueryOptions());
