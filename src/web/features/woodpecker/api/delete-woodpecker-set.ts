import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** Deletes a set with its cycles and attempts. */
export async function deleteWoodpeckerSet(id: number): Promise<void> {
  await apiPostJson(`/api/woodpecker/sets/${id}/delete`, {});
}

export function useDeleteWoodpeckerSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWoodpeckerSet,
    onSuccess: () => client.invalidateQueries({ queryKey: woodpeckerQueryKey }),
  });
}
