import { queryOptions, useQuery } from '@tanstack/react-query';
import { woodpeckerApi, type WoodpeckerSetSummary } from '@contract/woodpecker';
import { callData } from '../../../lib/api';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** The player's Woodpecker sets, newest first. */
export async function getWoodpeckerSets(): Promise<WoodpeckerSetSummary[]> {
  return callData(woodpeckerApi.list);
}

export const getWoodpeckerSetsQueryOptions = () =>
  queryOptions({ queryKey: [...woodpeckerQueryKey, 'list'], queryFn: getWoodpeckerSets });

export const useWoodpeckerSets = () => useQuery(getWoodpeckerSetsQueryOptions());
