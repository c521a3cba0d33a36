import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WoodpeckerSet } from '@contract/woodpecker';
import { apiGet } from '../../../lib/api-client';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** One set with its positions and cycles. */
export async function getWoodpeckerSet(id: number): Promise<WoodpeckerSet> {
  return (await apiGet<{ api_data: WoodpeckerSet }>(`/api/woodpecker/sets/${id}`)).api_data;
}

export const getWoodpeckerSetQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...woodpeckerQueryKey, 'set', id], queryFn: () => getWoodpeckerSet(id), retry: false });

export const useWoodpeckerSet = (id: number) => useQuery(getWoodpeckerSetQueryOptions(id));
