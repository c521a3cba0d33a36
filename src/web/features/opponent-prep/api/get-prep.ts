import { queryOptions, useQuery } from '@tanstack/react-query';
import { opponentPrepApi, type PrepAnswer } from '@contract/opponent-prep';
import { callData } from '../../../lib/api';
import { prepQueryKey } from './prep-keys';

/** One kept preparation. */
export async function getPrep(id: number): Promise<PrepAnswer> {
  return callData(opponentPrepApi.prep, { params: { id } });
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
