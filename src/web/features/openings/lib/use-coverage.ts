import { useCallback, useRef, useState } from 'react';
import { coveragePositions, estimateCoverageMinutes } from '../../../../chess/coverage';
import { positionKey } from '../../../../chess/fen';
import { buildRepertoireFromPgn } from '../../../../chess/repertoire';
import { coverageCheck, getStats, type CoverageResult } from '../api/coverage-check';
import type { OpeningInput } from '../api/types';
import type { Filters } from './filters';
import { coverageProgressText, errorMessage, sorryText } from './messages';
import { pause, type useStatus } from './use-status';

/** Spec 9: a pause before 'Done' so the last progress line can be read. */
const DONE_PAUSE_MS = 800;

export type CoveragePlan = { opening: OpeningInput; filters: Filters; positions: number; uncached: number; minutes: number };

/**
 * The coverage flow shared by Manage Openings and the standalone tool: plan (count the positions
 * still to fetch, for the confirmation popup), then run with live progress in the Status box.
 */
export function useCoverage(status: ReturnType<typeof useStatus>) {
  const [plan, setPlan] = useState<CoveragePlan>();
  const [result, setResult] = useState<CoverageResult & { color: 'white' | 'black' }>();
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | undefined>(undefined);

  const prepare = useCallback(
    async (opening: OpeningInput, filters: Filters) => {
      try {
        const rep = buildRepertoireFromPgn(opening.text, { color: opening.color, excludeSymbols: opening.excludeSymbols, name: opening.name });
        if (rep.isErr) throw new Error(rep.error.message);
        const keys = coveragePositions(rep.value).map((p) => positionKey(p.fen));
        const cached = await getStats(filters);
        const uncached = keys.filter((k) => !cached.has(k)).length;
        setPlan({ opening, filters, positions: keys.length, uncached, minutes: estimateCoverageMinutes(uncached) });
      } catch (e) {
        setResult(undefined);
        setError(sorryText(e));
      }
    },
    [],
  );

  const proceed = useCallback(async () => {
    if (!plan) return;
    setPlan(undefined);
    setResult(undefined);
    setError(undefined);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const run = status.begin();
    try {
      const answer = await coverageCheck(
        plan.opening,
        plan.filters,
        (p) => run.progress(coverageProgressText(p.done, p.total)),
        controller.signal,
      );
      await pause(DONE_PAUSE_MS);
      setResult({ ...answer, color: plan.opening.color });
      run.done();
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(sorryText(e));
      run.done();
    }
  }, [plan, status]);

  const cancel = useCallback(() => setPlan(undefined), []);
  const reset = useCallback((message?: string) => {
    setResult(undefined);
    setError(message);
  }, []);

  return { plan, result, error, prepare, proceed, cancel, reset, errorMessage };
}
