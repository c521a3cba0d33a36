import { queryOptions, useQuery } from '@tanstack/react-query';
import { woodpeckerApi, type WoodpeckerSet } from '@contract/woodpecker';
import { callData } from '../../../lib/api';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** One set with its positions and cycles. */
export async function getWoodpeckerSet(id: number): Promise<WoodpeckerSet> {
  return callData(woodpeckerApi.get, { params: { id } });
}

export const getWoodpeckerSetQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...woodpeckerQueryKey, 'set', id], queryFn: () => getWoodpeckerSet(id), retry: false });

export const useWoodpeckerSet = (id: number) => useQuery(getWoodpeckerSetQueryOptions(id));
