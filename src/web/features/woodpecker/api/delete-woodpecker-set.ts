import { useMutation, useQueryClient } from '@tanstack/react-query';
import { woodpeckerApi } from '@contract/woodpecker';
import { call } from '../../../lib/api';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** Deletes a set with its cycles and attempts. */
export async function deleteWoodpeckerSet(id: number): Promise<void> {
  await call(woodpeckerApi.delete, { params: { id }, body: {} });
}

export function useDeleteWoodpeckerSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWoodpeckerSet,
    onSuccess: () => client.invalidateQueries({ queryKey: woodpeckerQueryKey }),
  });
}
