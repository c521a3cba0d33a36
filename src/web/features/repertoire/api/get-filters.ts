import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { apiGet } from '../../../lib/api-client';
import type { ExplorerFilters } from './get-explorer';

/**
 * The player's speeds and rating bands for a colour: those of their latest coverage check, else
 * empty (the server's defaults). Same call and cache entry as the coverage screens.
 */
export async function getPlayerFilters(color: Color): Promise<ExplorerFilters> {
  const answer = await apiGet<{ api_data: { speeds?: string; ratings?: string } | null }>('/api/coverage/latest', {
    color,
  });
  return { speeds: answer.api_data?.speeds ?? '', ratings: answer.api_data?.ratings ?? '' };
}

export const getPlayerFiltersQueryOptions = (color: Color) =>
  queryOptions({ queryKey: ['repertoire-filters', color], queryFn: () => getPlayerFilters(color), staleTime: 300_000 });

export const usePlayerFilters = (color: Color) => useQuery(getPlayerFiltersQueryOptions(color));
