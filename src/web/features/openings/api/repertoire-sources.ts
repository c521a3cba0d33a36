import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RepertoireSourceView, ShrinkAnswer } from '@contract/repertoire-sources';
import { apiDelete, apiGet, apiPatchJson, apiPostJson, apiPostMultipart, isApiError } from '../../../lib/api-client';
import { studiesQueryKey } from './get-studies';
import type { Color } from './types';

export type { RepertoireSourceView };
export { MAX_SOURCES_PER_COLOR } from '@contract/repertoire-sources';

export const sourcesQueryKey = (color: Color) => ['repertoire-sources', color] as const;

/** The colour's repertoire sources, in order. */
export async function getSources(color: Color): Promise<RepertoireSourceView[]> {
  const answer = await apiGet<{ api_data: RepertoireSourceView[] }>('/api/repertoire/sources', { color });
  return answer.api_data ?? [];
}

export const getSourcesQueryOptions = (color: Color) =>
  queryOptions({ queryKey: sourcesQueryKey(color), queryFn: () => getSources(color) });

export const useSources = (color: Color) => useQuery(getSourcesQueryOptions(color));

/** A new source: a Lichess study (its link and text) or a PGN file. */
export type NewSource =
  | { color: Color; name: string; exclusions: string[]; kind: 'lichess'; link: string; text: string }
  | { color: Color; name: string; exclusions: string[]; kind: 'file'; file: File };

export function addSource(source: NewSource): Promise<{ api_data: RepertoireSourceView }> {
  if (source.kind === 'lichess')
    return apiPostJson('/api/repertoire/sources', {
      color: source.color,
      title: source.name,
      link: source.link,
      study_text: source.text || undefined,
      exclude_move_indicators: source.exclusions,
    });
  return apiPostMultipart('/api/repertoire/sources', {
    color: source.color,
    name: source.name,
    file: source.file,
    'excludeSymbols[]': source.exclusions,
  });
}

export type SourcePatch = { name?: string; enabled?: boolean; exclusions?: string[] };

export const patchSource = (id: number, patch: SourcePatch) =>
  apiPatchJson<{ api_data: RepertoireSourceView }>(`/api/repertoire/sources/${id}`, patch);

export const removeSource = (id: number) => apiDelete(`/api/repertoire/sources/${id}`);

export const refreshSource = (id: number, confirm: boolean) =>
  apiPostJson<{ api_data: RepertoireSourceView }>(
    `/api/repertoire/sources/${id}/refresh${confirm ? '?confirm=1' : ''}`,
    {},
  );

/** The counts of a refused shrinking replacement (409), to ask the player about. */
export function shrinkOf(error: unknown): ShrinkAnswer | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const body = error.body as Partial<ShrinkAnswer> | undefined;
  return typeof body?.before === 'number' && typeof body.after === 'number' ? (body as ShrinkAnswer) : undefined;
}

/** A change of sources changes the colour's repertoire: what shows it is read again. */
export function useSourceMutation<A, R>(color: Color, run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sourcesQueryKey(color) }),
        queryClient.invalidateQueries({ queryKey: studiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['drill'] }),
      ]);
    },
  });
}
