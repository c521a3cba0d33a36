import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { repertoireApi, type ExplorerAnswer, type ExplorerDb, type ExplorerQuery } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { callData } from '../../../lib/api';
import { repertoireQueryKey } from './repertoire-keys';

/** Speeds and rating bands as comma lists; empty means the coverage check's defaults. */
export type ExplorerFilters = { speeds: string; ratings: string };

/** Which database, at which filters, and the line that reached the position (it names the opening). */
export type ExplorerSource = { db: ExplorerDb; filters: ExplorerFilters; line: string };

const query = (color: Color, fen: string, { db, filters, line }: ExplorerSource): ExplorerQuery => ({
  color,
  fen,
  db,
  ...(db === 'lichess' && filters.speeds ? { speeds: filters.speeds } : {}),
  ...(db === 'lichess' && filters.ratings ? { ratings: filters.ratings } : {}),
  ...(line ? { line } : {}),
});

/** The database's figures at one position: the shared cache for lichess and masters (null when never looked up). */
export async function getExplorer(color: Color, fen: string, source: ExplorerSource): Promise<ExplorerAnswer> {
  return (await callData(repertoireApi.explorer, { query: query(color, fen, source) })) ?? null;
}

/** Asks the Lichess explorer (the player's token; one call at a time on the server). */
export async function lookUpExplorer(color: Color, fen: string, source: ExplorerSource): Promise<ExplorerAnswer> {
  return (await callData(repertoireApi.explorerLookUp, { body: query(color, fen, source) })) ?? null;
}

/** Has the server look up the positions one move ahead in the background; how many it queued. */
export async function lookAhead(color: Color, fen: string, source: ExplorerSource): Promise<number> {
  return (await callData(repertoireApi.explorerAhead, { body: query(color, fen, source) })).queued;
}

// Under the repertoire's key: an edit changes which explorer moves are in the repertoire. The line is
// part of the key only for its opening name, which the figures do not depend on.
export const explorerQueryKey = (color: Color, fen: string, { db, filters, line }: ExplorerSource) =>
  [...repertoireQueryKey(color), 'explorer', db, positionKey(fen), filters.speeds, filters.ratings, line] as const;

export const getExplorerQueryOptions = (color: Color, fen: string, source: ExplorerSource) =>
  queryOptions({
    queryKey: explorerQueryKey(color, fen, source),
    queryFn: () => getExplorer(color, fen, source),
    staleTime: 60_000,
  });

export const useExplorer = (color: Color, fen: string, source: ExplorerSource, enabled = true) =>
  useQuery({ ...getExplorerQueryOptions(color, fen, source), enabled });

/** A look-up: the answer goes straight into the cache entry the screen reads. */
export function useLookUpExplorer(color: Color, source: ExplorerSource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fen: string) => lookUpExplorer(color, fen, source),
    onSuccess: (answer, fen) => client.setQueryData(explorerQueryKey(color, fen, source), answer),
  });
}
