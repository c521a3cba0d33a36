import { queryOptions, useQuery } from '@tanstack/react-query';
import { opponentPrepApi, type Suggestion } from '@contract/opponent-prep';
import { callData } from '../../../lib/api';
import { prepQueryKey } from './prep-keys';

/** The explorer's best-scoring reply after a surprise; null when the explorer has none (or no token). */
export async function getSuggestion(color: 'white' | 'black', fen: string): Promise<Suggestion> {
  return callData(opponentPrepApi.suggestion, { query: { color, fen } });
}

export const getSuggestionQueryOptions = (color: 'white' | 'black', fen: string) =>
  queryOptions({
    queryKey: [...prepQueryKey, 'answer', color, fen],
    queryFn: () => getSuggestion(color, fen),
    staleTime: 30 * 60_000,
    retry: false,
  });

export const useSuggestion = (color: 'white' | 'black', fen: string) => useQuery(getSuggestionQueryOptions(color, fen));
