import { serverWords } from '../../../lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { coveragePositions, estimateCoverageMinutes, type StatsByFen } from '../../../../chess/coverage';
import { estimateLookupsUntilSettled } from '../../../../chess/coverage-walk';
import { positionKey } from '../../../../chess/fen';
import { buildRepertoireFromPgn, type Repertoire } from '../../../../chess/repertoire';
import { coverageCheck, getStats, type CoverageResult } from '../api/coverage-check';
import {
  coverageLatestQueryKey,
  getCoverageLatest,
  stopCoverage,
  useCoverageLatest,
  type CoverageRun,
} from '../api/coverage-latest';
import type { Color, OpeningInput } from '../api/types';
import type { Filters } from './filters';
import { coverageProgressText, sorryText } from './messages';
import { pause, type useStatus } from './use-status';

/** A pause before 'Done' so the last progress line can be read. */
const DONE_PAUSE_MS = 800;
/** The popup says how soon this many of the likeliest holes are final. */
export const TOP_SETTLED = 10;

export type CoveragePlan = {
  opening: OpeningInput;
  filters: Filters;
  positions: number;
  uncached: number;
  minutes: number;
  /** Explorer calls until the top TOP_SETTLED holes are final (estimated from the cached part). */
  untilSettled: number;
  /** A check of this colour is still running: proceeding replaces it. */
  replacing: boolean;
};

/**
 * The coverage flow shared by Manage Openings and the standalone tool: plan (count the positions
 * still to fetch, for the confirmation popup), then run with live progress in the Status box and
 * the likeliest holes filling in. The check belongs to the player on the server: the screen shows
 * the latest run of the colour (coverage/latest), following it live when another tab or an earlier
 * visit started it.
 */
export function useCoverage(
  status: ReturnType<typeof useStatus>,
  color: Color,
  options: { /** Show the player's latest stored run before one is started here. */ storedRun?: boolean } = {},
) {
  const [startedHere, setStartedHere] = useState(false);
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<CoveragePlan>();
  const [result, setResult] = useState<CoverageResult & { color: Color }>();
  const [error, setError] = useState<string>();
  const [streaming, setStreaming] = useState(false);
  const [repertoire, setRepertoire] = useState<Repertoire>();
  const abort = useRef<AbortController | undefined>(undefined);
  const latest = useCoverageLatest(color, streaming);

  const prepare = useCallback(async (opening: OpeningInput, filters: Filters) => {
    try {
      const rep = buildRepertoireFromPgn(opening.text, {
        color: opening.color,
        excludeSymbols: opening.excludeSymbols,
        name: opening.name,
      });
      if (rep.isErr) throw new Error(rep.error.message);
      const keys = coveragePositions(rep.value).map((p) => positionKey(p.fen));
      const [cached, running] = await Promise.all([getStats(filters), getCoverageLatest(opening.color)]);
      const uncached = keys.filter((k) => !cached.has(k)).length;
      setRepertoire(rep.value);
      setPlan({
        opening,
        filters,
        positions: keys.length,
        uncached,
        minutes: estimateCoverageMinutes(uncached),
        untilSettled: estimateLookupsUntilSettled(rep.value, cached as unknown as StatsByFen, TOP_SETTLED),
        replacing: running?.status === 'running',
      });
    } catch (e) {
      setResult(undefined);
      setError(sorryText(e));
    }
  }, []);

  const proceed = useCallback(async () => {
    if (!plan) return;
    setPlan(undefined);
    setResult(undefined);
    setError(undefined);
    setStartedHere(true);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const key = coverageLatestQueryKey(plan.opening.color);
    const update = (change: Partial<CoverageRun>) =>
      queryClient.setQueryData<CoverageRun | null>(key, (run) => (run ? { ...run, ...change } : run));
    queryClient.setQueryData<CoverageRun>(key, {
      status: 'running',
      color: plan.opening.color,
      speeds: plan.filters.speeds.join(','),
      ratings: plan.filters.ratings.join(','),
      done: 0,
      total: plan.positions,
      holes: [],
      settled: 0,
      bound: 1,
      results: '',
      report: [],
    });
    setStreaming(true);
    const run = status.begin();
    try {
      const answer = await coverageCheck(
        plan.opening,
        plan.filters,
        (p) => run.progress(coverageProgressText(p.done, p.total)),
        controller.signal,
        (h) => update({ holes: h.holes, settled: h.settled, bound: h.bound, done: h.done }),
        (s) => run.progress(s.message),
      );
      await pause(DONE_PAUSE_MS);
      setResult({ ...answer, color: plan.opening.color });
      run.done();
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(sorryText(e));
      run.done();
    } finally {
      setStreaming(false);
      void queryClient.invalidateQueries({ queryKey: key });
    }
  }, [plan, status, queryClient]);

  const stop = useCallback(async () => {
    try {
      const ended = await stopCoverage(color);
      queryClient.setQueryData(coverageLatestQueryKey(color), ended);
    } catch (e) {
      setError(sorryText(e));
    }
  }, [color, queryClient]);

  const cancel = useCallback(() => setPlan(undefined), []);
  const reset = useCallback((message?: string) => {
    setResult(undefined);
    setError(message);
  }, []);

  return {
    plan,
    result,
    error,
    run: options.storedRun === false && !startedHere ? undefined : (latest.data ?? undefined),
    streaming,
    repertoire,
    prepare,
    proceed,
    cancel,
    reset,
    stop,
    serverWords,
  };
}
