import { useMutation, useQueryClient } from '@tanstack/react-query';
import { woodpeckerApi, type CreateWoodpeckerSetRequest, type WoodpeckerSet } from '@contract/woodpecker';
import { callData } from '../../../lib/api';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** Makes a set from the player's mistakes or cards (the newest first, one per position). */
export async function createWoodpeckerSet(input: CreateWoodpeckerSetRequest): Promise<WoodpeckerSet> {
  return callData(woodpeckerApi.create, { body: input });
}

export function useCreateWoodpeckerSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWoodpeckerSet,
    onSuccess: () => client.invalidateQueries({ queryKey: woodpeckerQueryKey }),
  });
}
