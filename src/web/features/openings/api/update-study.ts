import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client';
import { studiesQueryKey } from './get-studies';
import type { StudyUpdate } from '@contract/studies';

export type { StudyUpdate };

export const updateStudy = (update: StudyUpdate) => apiPostJson('/api/update-study', update);

/** Once stored, the studies and the sources (the first one is replaced) are read again. */
export function useUpdateStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudy,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studiesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['repertoire-sources'] }),
      ]),
  });
}
