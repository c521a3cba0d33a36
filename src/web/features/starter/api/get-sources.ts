import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { RepertoireSourceView } from '@contract/repertoire-sources';
import { apiGet } from '../../../lib/api-client';

/** The colour's repertoire sources (the same call and cache entry as Manage Openings). */
export async function getSources(color: Color): Promise<RepertoireSourceView[]> {
  const answer = await apiGet<{ api_data: RepertoireSourceView[] }>('/api/repertoire/sources', { color });
  return answer.api_data ?? [];
}

export const getSourcesQueryOptions = (color: Color) =>
  queryOptions({ queryKey: ['repertoire-sources', color], queryFn: () => getSources(color) });

export const useSources = (color: Color) => useQuery(getSourcesQueryOptions(color));
