import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrepAnswer } from '@contract/opponent-prep';
import { apiGet } from '../../../lib/api-client';
import { prepQueryKey } from './prep-keys';

/** One kept preparation. */
export async function getPrep(id: number): Promise<PrepAnswer> {
  return (await apiGet<{ api_data: PrepAnswer }>(`/api/opponent-prep/${id}`)).api_data;
}

export const getPrepQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: [...prepQueryKey, 'one', id],
    queryFn: () => getPrep(id!),
    enabled: id !== undefined,
    staleTime: Infinity,
    retry: false,
  });

export const usePrep = (id: number | undefined) => useQuery(getPrepQueryOptions(id));
