import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { ExplorerAnswer, ExplorerQuery } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { apiGet, apiPostJson } from '../../../lib/api-client';
import { repertoireQueryKey } from './repertoire-keys';

/** Speeds and rating bands as comma lists; empty means the coverage check's defaults. */
export type ExplorerFilters = { speeds: string; ratings: string };

const query = (color: Color, fen: string, filters: ExplorerFilters): ExplorerQuery => ({
  color,
  fen,
  ...(filters.speeds ? { speeds: filters.speeds } : {}),
  ...(filters.ratings ? { ratings: filters.ratings } : {}),
});

/** The shared explorer cache at one position for these filters; null when never looked up. */
export async function getExplorer(color: Color, fen: string, filters: ExplorerFilters): Promise<ExplorerAnswer> {
  const answer = await apiGet<{ api_data: ExplorerAnswer }>('/api/repertoire/explorer', query(color, fen, filters));
  return answer.api_data ?? null;
}

/** Asks the Lichess explorer (the player's token; one call at a time on the server). */
export async function lookUpExplorer(color: Color, fen: string, filters: ExplorerFilters): Promise<ExplorerAnswer> {
  const answer = await apiPostJson<{ api_data: ExplorerAnswer }>(
    '/api/repertoire/explorer',
    query(color, fen, filters),
  );
  return answer.api_data ?? null;
}

// Under the repertoire's key: an edit changes which explorer moves are in the repertoire.
export const explorerQueryKey = (color: Color, fen: string, filters: ExplorerFilters) =>
  [...repertoireQueryKey(color), 'explorer', positionKey(fen), filters.speeds, filters.ratings] as const;

export const getExplorerQueryOptions = (color: Color, fen: string, filters: ExplorerFilters) =>
  queryOptions({
    queryKey: explorerQueryKey(color, fen, filters),
    queryFn: () => getExplorer(color, fen, filters),
    staleTime: 60_000,
  });

export const useExplorer = (color: Color, fen: string, filters: ExplorerFilters, enabled = true) =>
  useQuery({ ...getExplorerQueryOptions(color, fen, filters), enabled });

/** "Look up": the answer goes straight into the cache entry the screen reads. */
export function useLookUpExplorer(color: Color, filters: ExplorerFilters) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fen: string) => lookUpExplorer(color, fen, filters),
    onSuccess: (answer, fen) => client.setQueryData(explorerQueryKey(color, fen, filters), answer),
  });
}
