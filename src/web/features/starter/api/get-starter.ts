import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { starterApi, type StarterBuild } from '@contract/starter';
import { callData } from '../../../lib/api';

export type { StarterBuild };

export const starterQueryKey = (color: Color) => ['starter', color] as const;

/** The colour's latest starter build (running, or how it ended); null before the first. */
export async function getStarter(color: Color): Promise<StarterBuild | null> {
  return (await callData(starterApi.latest, { query: { color } })) ?? null;
}

export const getStarterQueryOptions = (color: Color) =>
  queryOptions({ queryKey: starterQueryKey(color), queryFn: () => getStarter(color) });

/**
 * The latest build; while it runs and this page is not reading its stream (after a reload, or in
 * another tab), it is asked for again every second.
 */
export const useStarter = (color: Color, streaming: boolean) =>
  useQuery({
    ...getStarterQueryOptions(color),
    refetchInterval: (query) => (!streaming && query.state.data?.status === 'running' ? 1000 : false),
  });
