import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWoodpeckerSetRequest, WoodpeckerSet } from '@contract/woodpecker';
import { apiPostJson } from '../../../lib/api-client';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** Makes a set from the player's mistakes or cards (the newest first, one per position). */
export async function createWoodpeckerSet(input: CreateWoodpeckerSetRequest): Promise<WoodpeckerSet> {
  return (await apiPostJson<{ api_data: WoodpeckerSet }>('/api/woodpecker/sets', input)).api_data;
}

export function useCreateWoodpeckerSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWoodpeckerSet,
    onSuccess: () => client.invalidateQueries({ queryKey: woodpeckerQueryKey }),
  });
}
