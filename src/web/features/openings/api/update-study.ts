import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client';
import { studiesQueryKey } from './get-studies';
import type { Color } from './types';

export type StudyUpdate = {
  color: Color;
  exclude_move_indicators: string;
  link: string | null;
  /** null clears that side. */
  study_text: string | null;
  title: string;
  last_update: string;
};

export const updateStudy = (update: StudyUpdate) => apiPostJson('/api/update-study', update);

/** Spec 4: on success the studies are refetched. */
export function useUpdateStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studiesQueryKey }),
  });
}
