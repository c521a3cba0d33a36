import {
  coverageApi,
  type CoverageHoles,
  type CoverageProgress,
  type CoverageResult,
  type CoverageStatus,
} from '@contract/coverage';
import { statsApi, type StatsRecord } from '@contract/stats';
import { call, callEvents } from '../../../lib/api';
import type { Filters } from '../lib/filters';
import { openingFields, type OpeningInput } from './types';

export type { CoverageHoles, CoverageProgress, CoverageResult, CoverageStatus, StatsRecord };

/**
 * Runs the coverage check on the server and follows its event stream: progress events while the
 * explorer statistics come in, the likeliest holes as they are found, then the result.
 */
export async function coverageCheck(
  opening: OpeningInput,
  filters: Filters,
  onProgress: (progress: CoverageProgress) => void,
  signal?: AbortSignal,
  onHoles: (holes: CoverageHoles) => void = () => {},
  onStatus: (status: CoverageStatus) => void = () => {},
): Promise<CoverageResult> {
  let result: CoverageResult | undefined;
  await callEvents(
    coverageApi.check,
    { body: { ...openingFields(opening), speeds: filters.speeds.join(','), ratings: filters.ratings.join(',') } },
    ({ event, data }) => {
      if (event === 'progress') onProgress(data as CoverageProgress);
      else if (event === 'holes') onHoles(data as CoverageHoles);
      else if (event === 'status') onStatus(data as CoverageStatus);
      else if (event === 'result') result = data as CoverageResult;
    },
    { signal },
  );
  if (!result) throw new Error('The coverage check ended without a result');
  return result;
}

/** Cached statistics for these filters, keyed by position (FEN without move counters). */
export async function getStats(filters: Filters): Promise<Map<string, StatsRecord>> {
  const list = await call(statsApi.get, { query: { speeds: filters.speeds, ratings: filters.ratings } });
  return new Map(list.map((record) => [record.fen, record]));
}
