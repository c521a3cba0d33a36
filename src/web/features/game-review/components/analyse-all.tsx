import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { usePendingAnalysis, useSaveGameAnalysis } from '../api/game-analysis';
import { readGameLine } from '../game-line';
import { analyseGame, type GameAnalysisRun } from '../lib/analyse-game';
import { useAnalysisDepth } from '../lib/use-engine-analysis';

type Progress = { game: number; games: number; done: number; total: number };

export type AnalyseAllProps = {
  reviews: readonly { id: number; pgn: string }[];
  /** Start by itself once this turns true (the screen was opened to analyse new games, its lists loaded). */
  autoStart?: boolean;
  /** Called when it started by itself, or found nothing to do. */
  onAutoStarted?: () => void;
};

/**
 * "Analyse all": every review without a stored analysis, one after another, newest first. What is
 * done is on the server (a review with an analysis), so leaving the page and coming back resumes;
 * a game stopped half way is not stored and is analysed again next time.
 */
export function AnalyseAll({ reviews, autoStart = false, onAutoStarted }: AnalyseAllProps) {
  const pending = usePendingAnalysis();
  const save = useSaveGameAnalysis();
  const [depth] = useAnalysisDepth();
  const [progress, setProgress] = useState<Progress>();
  const [error, setError] = useState<unknown>();
  const run = useRef<{ current?: GameAnalysisRun; stopped: boolean } | undefined>(undefined);

  useEffect(
    () => () => {
      if (run.current) run.current.stopped = true;
      run.current?.current?.stop();
    },
    [],
  );

  const ids = pending.data?.ids ?? [];
  const todo = ids.flatMap((id) => reviews.filter((r) => r.id === id));

  const start = async () => {
    const state: { current?: GameAnalysisRun; stopped: boolean } = { stopped: false };
    run.current = state;
    setError(undefined);
    try {
      for (const [index, review] of todo.entries()) {
        if (state.stopped) break;
        const line = readGameLine(review.pgn);
        if (line.isErr) continue;
        const fens = [line.value.startFen, ...line.value.moves.map((m) => m.fen)];
        setProgress({ game: index + 1, games: todo.length, done: 0, total: fens.length });
        let last = 0;
        state.current = analyseGame(fens, depth, (_ply, done, total) => {
          const now = performance.now();
          if (now - last > 200 || done === total) {
            last = now;
            setProgress({ game: index + 1, games: todo.length, done, total });
          }
        });
        const evals = await state.current.done;
        if (state.stopped || evals.length < fens.length) break;
        await save.mutateAsync({ game_review_id: review.id, depth, evals: evals.map(({ pv: _pv, ...e }) => e) });
      }
    } catch (e) {
      setError(e);
    } finally {
      run.current = undefined;
      setProgress(undefined);
    }
  };

  const startByItself = useEffectEvent(() => {
    onAutoStarted?.();
    if (!run.current && pending.data && todo.length > 0) void start();
  });
  useEffect(() => {
    if (!autoStart) return;
    // A tick later, so that React's development remount (which stops a run) starts it only once.
    const timer = setTimeout(startByItself, 0);
    return () => clearTimeout(timer);
  }, [autoStart]);

  const stop = () => {
    if (!run.current) return;
    run.current.stopped = true;
    run.current.current?.stop();
  };

  if (!pending.data || reviews.length === 0) return null;
  return (
    <section className="gr-analyse-all" aria-labelledby="gr-analyse-all-title">
      <h2 id="gr-analyse-all-title" className="gr-analyse-all-title">
        Engine analysis
      </h2>
      {progress ? (
        <div className="gr-analysis-progress">
          <progress
            max={progress.games * progress.total}
            value={(progress.game - 1) * progress.total + progress.done}
            aria-label="Analyse all progress"
          />
          <span aria-live="polite">
            Game {progress.game} of {progress.games}: {progress.done} of {progress.total} positions
          </span>
          <button type="button" className="button" onClick={stop}>
            Stop
          </button>
        </div>
      ) : (
        <p className="gr-analyse-all-row">
          <span data-testid="analyse-all-summary">
            {todo.length === 0
              ? `All ${pending.data.analysed} of your games are analysed.`
              : `${todo.length} of ${todo.length + pending.data.analysed} games not analysed yet.`}
          </span>{' '}
          {todo.length > 0 && (
            <button type="button" className="button" onClick={() => void start()}>
              Analyse all
            </button>
          )}
        </p>
      )}
      {error != null && (
        <p className="form-message is-error" role="alert">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}
