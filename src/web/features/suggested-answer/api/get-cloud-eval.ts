import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudEval } from '@contract/engine';
import { apiGet } from '../../../lib/api-client';

/** Lichess's cloud evaluation through the server; null when it has none. */
export async function getCloudEval(fen: string, multiPv: number): Promise<CloudEval | null> {
  return (await apiGet<{ api_data: CloudEval | null }>('/api/cloud-eval', { fen, multiPv })).api_data;
}

export const getCloudEvalQueryOptions = (fen: string, multiPv: number) =>
  queryOptions({
    queryKey: ['cloud-eval', fen, multiPv],
    queryFn: () => getCloudEval(fen, multiPv),
    staleTime: Infinity,
  });

export const useCloudEval = (fen: string, multiPv: number) => useQuery(getCloudEvalQueryOptions(fen, multiPv));
