import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrepSummary } from '@contract/opponent-prep';
import { apiGet } from '../../../lib/api-client';
import { prepQueryKey } from './prep-keys';

/** The player's kept preparations, newest first. */
export async function getRecentPreps(): Promise<PrepSummary[]> {
  return (await apiGet<{ api_data: PrepSummary[] }>('/api/opponent-prep/recent')).api_data;
}

export const getRecentPrepsQueryOptions = () =>
  queryOptions({ queryKey: [...prepQueryKey, 'recent'], queryFn: getRecentPreps });

export const useRecentPreps = () => useQuery(getRecentPrepsQueryOptions());
