import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WoodpeckerSetSummary } from '@contract/woodpecker';
import { apiGet } from '../../../lib/api-client';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** The player's Woodpecker sets, newest first. */
export async function getWoodpeckerSets(): Promise<WoodpeckerSetSummary[]> {
  return (await apiGet<{ api_data: WoodpeckerSetSummary[] }>('/api/woodpecker/sets')).api_data;
}

export const getWoodpeckerSetsQueryOptions = () =>
  queryOptions({ queryKey: [...woodpeckerQueryKey, 'list'], queryFn: getWoodpeckerSets });

export const useWoodpeckerSets = () => useQuery(getWoodpeckerSetsQueryOptions());
