import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestion } from '@contract/opponent-prep';
import { apiGet } from '../../../lib/api-client';
import { prepQueryKey } from './prep-keys';

/** The explorer's best-scoring reply after a surprise; null when the explorer has none (or no token). */
export async function getSuggestion(color: 'white' | 'black', fen: string): Promise<Suggestion> {
  return (await apiGet<{ api_data: Suggestion }>('/api/opponent-prep/answer', { color, fen })).api_data;
}

export const getSuggestionQueryOptions = (color: 'white' | 'black', fen: string) =>
  queryOptions({
    queryKey: [...prepQueryKey, 'answer', color, fen],
    queryFn: () => getSuggestion(color, fen),
    staleTime: 30 * 60_000,
    retry: false,
  });

export const useSuggestion = (color: 'white' | 'black', fen: string) => useQuery(getSuggestionQueryOptions(color, fen));
