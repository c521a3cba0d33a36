import { errorText } from '../../../lib/api-client';
import { evalText, lineText } from '../../../lib/engine/eval-text';
import type { EngineAnalysisState } from '../lib/use-engine-analysis';

export type AnalysisPanelProps = {
  analysis: EngineAnalysisState;
  depth: number;
  onDepth: (depth: number) => void;
  /** The position on the board and the engine's line there (engine UCI), when known. */
  fen: string;
  step: number;
  pv: string[] | undefined;
};

/** "Analyse game" with its depth setting, progress and Stop; the engine's verdict and line at the board's position. */
export function AnalysisPanel({ analysis, depth, onDepth, fen, step, pv }: AnalysisPanelProps) {
  const { running, done, total, evals } = analysis;
  const here = evals.find((e) => e.ply === step);
  const line = pv && pv.length > 0 ? lineText(fen, pv) : '';
  return (
    <section className="gr-analysis" aria-labelledby="gr-analysis-title">
      <div className="gr-analysis-head">
        <h3 id="gr-analysis-title">Engine</h3>
        <label className="gr-depth">
          Depth{' '}
          <input
            type="number"
            min={8}
            max={24}
            value={depth}
            disabled={running}
            onChange={(event) => onDepth(Number(event.target.value))}
          />
        </label>
        {running ? (
          <button type="button" className="button" onClick={analysis.stop}>
            Stop
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={() => analysis.start(depth)}>
            {evals.length > 0 ? 'Analyse again' : 'Analyse game'}
          </button>
        )}
      </div>
      {running && (
        <div className="gr-analysis-progress">
          <progress max={total} value={done} aria-label="Analysis progress" />
          <span aria-live="polite">
            {done} of {total} positions
          </span>
        </div>
      )}
      {!running && evals.length > 0 && (
        <p className="muted gr-analysis-meta">
          Analysed {evals.length < total ? `${evals.length} of ${total} positions` : 'every position'}
          {analysis.storedDepth ? ` at depth ${analysis.storedDepth}` : ''}.
        </p>
      )}
      {analysis.error != null && (
        <p className="form-message is-error" role="alert">
          {errorText(analysis.error)}
        </p>
      )}
      <p className="gr-engine-line" data-testid="engine-line">
        {here ? (
          <>
            <strong>{evalText(here)}</strong> {line || (here.best_uci ? '…' : 'Game over')}
          </>
        ) : (
          <span className="muted">{running ? 'Not reached yet.' : 'Not analysed yet.'}</span>
        )}
      </p>
    </section>
  );
}
