import { queryOptions, useQuery } from '@tanstack/react-query';
import { coverageApi, type CoverageRun } from '@contract/coverage';
import { callData } from '../../../lib/api';
import { coverageLatestQueryKey, getCoverageLatest } from '../../../lib/coverage-latest';
import type { Color } from './types';

/** The player's latest coverage check of one colour, live while it runs. */
export type { CoverageRun };
export { coverageLatestQueryKey, getCoverageLatest };

/** How often a run this page is not streaming itself (another tab, after a reload) is asked again. */
const POLL_MS = 1_500;

export const getCoverageLatestQueryOptions = (color: Color, streaming: boolean) =>
  queryOptions({
    queryKey: coverageLatestQueryKey(color),
    queryFn: () => getCoverageLatest(color),
    refetchInterval: (query) => (!streaming && query.state.data?.status === 'running' ? POLL_MS : false),
  });

export const useCoverageLatest = (color: Color, streaming: boolean) =>
  useQuery(getCoverageLatestQueryOptions(color, streaming));

/** Stops the player's running check of that colour; the holes found so far are kept. */
export async function stopCoverage(color: Color): Promise<CoverageRun | null> {
  return (await callData(coverageApi.stop, { body: { color } })) ?? null;
}
