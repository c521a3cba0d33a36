import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sourcesApi, type ShrinkAnswer } from '@contract/repertoire-sources';
import { isApiError } from '../../../lib/api-client';
import { call } from '../../../lib/api';
import { sourcesQueryKey } from '../../../lib/repertoire-sources';
import { studiesQueryKey } from '../../../lib/studies';
import type { Color } from './types';

export { addSource, useSources, type RepertoireSourceView } from '../../../lib/repertoire-sources';
export { MAX_SOURCES_PER_COLOR } from '@contract/repertoire-sources';

export type SourcePatch = { name?: string; enabled?: boolean; exclusions?: string[] };

export const patchSource = (id: number, patch: SourcePatch) => call(sourcesApi.patch, { params: { id }, body: patch });

export const removeSource = (id: number) => call(sourcesApi.remove, { params: { id } });

export const refreshSource = (id: number, confirm: boolean) =>
  call(sourcesApi.refresh, { params: { id }, query: { confirm: confirm ? '1' : undefined }, body: {} });

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
