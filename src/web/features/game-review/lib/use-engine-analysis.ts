// The game's engine analysis as the screen shows it: the stored one, or the run in progress (which
// replaces it once stored). A run is stored when it ends, also when stopped (as far as it went).
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { PlyEval } from '@contract/engine';
import { readStored, writeStored } from '../../../lib/storage';
import { useGameAnalysis, useSaveGameAnalysis } from '../api/game-analysis';
import { analyseGame, type AnalysedPly, type GameAnalysisRun } from './analyse-game';

export const DEFAULT_DEPTH = 14;
const DEPTH_KEY = 'engine-depth';

/** The player's analysis depth (a setting kept in this browser): 8 to 24, 14 by default. */
export function useAnalysisDepth(): [number, (depth: number) => void] {
  const [depth, setDepth] = useState(() => {
    const stored = Number(readStored('local', DEPTH_KEY));
    return stored >= 8 && stored <= 24 ? stored : DEFAULT_DEPTH;
  });
  const change = useCallback((next: number) => {
    const clamped = Math.max(8, Math.min(24, Math.round(next) || DEFAULT_DEPTH));
    writeStored('local', DEPTH_KEY, String(clamped));
    setDepth(clamped);
  }, []);
  return [depth, change];
}

export type EngineAnalysisState = {
  /** Evaluations by ply: the run's while it runs, else the stored ones. */
  evals: (PlyEval & { pv?: string[] })[];
  storedDepth: number | undefined;
  running: boolean;
  done: number;
  total: number;
  error: unknown;
  start: (depth: number) => void;
  stop: () => void;
};

/** `fens[i]`: the position after i half-moves. Updates reach React at most every 300 ms while it runs. */
export function useEngineAnalysis(reviewId: number, fens: readonly string[]): EngineAnalysisState {
  const stored = useGameAnalysis(reviewId);
  const save = useSaveGameAnalysis();
  const [live, setLive] = useState<AnalysedPly[]>();
  const [error, setError] = useState<unknown>();
  const run = useRef<GameAnalysisRun | undefined>(undefined);

  useEffect(() => () => run.current?.stop(), []);

  const start = useCallback(
    (depth: number) => {
      if (run.current) return;
      setError(undefined);
      const found: AnalysedPly[] = [];
      let lastPaint = 0;
      setLive([]);
      const current = analyseGame(fens, depth, (ply) => {
        found.push(ply);
        const now = performance.now();
        if (now - lastPaint > 300 || found.length === fens.length) {
          lastPaint = now;
          // A transition renders in slices, so the board and its controls answer while the graph grows.
          startTransition(() => setLive([...found]));
        }
      });
      run.current = current;
      current.done
        .then(async (evals) => {
          startTransition(() => setLive([...evals]));
          if (evals.length > 0) {
            const toSave = evals.map(({ pv: _pv, ...e }) => e);
            await save.mutateAsync({ game_review_id: reviewId, depth, evals: toSave });
          }
        })
        .catch((e: unknown) => setError(e))
        .finally(() => {
          run.current = undefined;
          // The stored analysis takes over: graph, arrow and findings are drawn in slices too.
          startTransition(() => setLive(undefined));
        });
    },
    [fens, reviewId, save],
  );

  const stop = useCallback(() => run.current?.stop(), []);
  const running = live !== undefined;
  return {
    evals: live ?? stored.data?.evals ?? [],
    storedDepth: stored.data?.depth,
    running,
    done: live?.length ?? 0,
    total: fens.length,
    error: error ?? stored.error ?? save.error,
    start,
    stop,
  };
}
