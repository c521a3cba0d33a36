import { queryOptions, useQuery } from '@tanstack/react-query';
import { engineApi, type CloudEval } from '@contract/engine';
import { callData } from '../../../lib/api';

/** Lichess's cloud evaluation through the server; null when it has none. */
export async function getCloudEval(fen: string, multiPv: number): Promise<CloudEval | null> {
  return callData(engineApi.cloudEval, { query: { fen, multiPv } });
}

export const getCloudEvalQueryOptions = (fen: string, multiPv: number) =>
  queryOptions({
    queryKey: ['cloud-eval', fen, multiPv],
    queryFn: () => getCloudEval(fen, multiPv),
    staleTime: Infinity,
  });

export const useCloudEval = (fen: string, multiPv: number) => useQuery(getCloudEvalQueryOptions(fen, multiPv));
