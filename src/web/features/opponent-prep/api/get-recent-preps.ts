import { queryOptions, useQuery } from '@tanstack/react-query';
import { opponentPrepApi, type PrepSummary } from '@contract/opponent-prep';
import { callData } from '../../../lib/api';
import { prepQueryKey } from './prep-keys';

/** The player's kept preparations, newest first. */
export async function getRecentPreps(): Promise<PrepSummary[]> {
  return callData(opponentPrepApi.recent);
}

export const getRecentPrepsQueryOptions = () =>
  queryOptions({ queryKey: [...prepQueryKey, 'recent'], queryFn: getRecentPreps });

export const useRecentPreps = () => useQuery(getRecentPrepsQueryOptions());
