import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { studiesQueryKey } from '../../../lib/studies';
import { studiesApi, type StudyUpdate } from '@contract/studies';

export type { StudyUpdate };

export const updateStudy = (update: StudyUpdate) => call(studiesApi.updateStudy, { query: {}, body: update });

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
