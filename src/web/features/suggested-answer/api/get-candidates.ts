import { queryOptions, useQuery } from '@tanstack/react-query';
import { engineApi, type CandidatesAnswer } from '@contract/engine';
import { callData } from '../../../lib/api';

export type BandFilter = { speeds?: string; ratings?: string };

/** The explorer's replies in a position at the player's time controls and rating bands (the server's defaults without them). */
export async function getCandidates(fen: string, filter: BandFilter): Promise<CandidatesAnswer> {
  return callData(engineApi.candidates, { query: { fen, ...filter } });
}

export const getCandidatesQueryOptions = (fen: string, filter: BandFilter) =>
  queryOptions({
    queryKey: ['engine-candidates', fen, filter.speeds ?? '', filter.ratings ?? ''],
    queryFn: () => getCandidates(fen, filter),
    staleTime: 60 * 60 * 1000,
  });

export const useCandidates = (fen: string, filter: BandFilter) => useQuery(getCandidatesQueryOptions(fen, filter));
