import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { getCoverageLatest } from '../../../lib/coverage-latest';
import type { ExplorerFilters } from './get-explorer';

/**
 * The player's speeds and rating bands for a colour: those of their latest coverage check, else
 * empty (the server's defaults). The coverage screens' call, kept here for five minutes.
 */
export async function getPlayerFilters(color: Color): Promise<ExplorerFilters> {
  const latest = await getCoverageLatest(color);
  return { speeds: latest?.speeds ?? '', ratings: latest?.ratings ?? '' };
}

export const getPlayerFiltersQueryOptions = (color: Color) =>
  queryOptions({ queryKey: ['repertoire-filters', color], queryFn: () => getPlayerFilters(color), staleTime: 300_000 });

export const usePlayerFilters = (color: Color) => useQuery(getPlayerFiltersQueryOptions(color));
