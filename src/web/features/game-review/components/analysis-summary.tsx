import { useMemo } from 'react';
import { gameFigures } from '../../../../chess/accuracy';
import { countJudgements, judgeGame, type PlyEvaluation } from '../../../../chess/engine-mistakes';
import type { LineMove } from '../game-line';

export type AnalysisSummaryProps = {
  startFen: string;
  moves: readonly LineMove[];
  evals: readonly PlyEvaluation[];
  /** [white, black] player names. */
  names: [string, string];
};

const ROWS = [
  ['inaccuracy', 'Inaccuracies'],
  ['mistake', 'Mistakes'],
  ['blunder', 'Blunders'],
] as const;

/** Each side's inaccuracies, mistakes, blunders, ACPL and accuracy, as Lichess's analysis panel shows them. */
export function AnalysisSummary({ startFen, moves, evals, names }: AnalysisSummaryProps) {
  const { counts, figures } = useMemo(
    () => ({
      counts: countJudgements(judgeGame(startFen, moves, evals)),
      figures: gameFigures(startFen, evals, moves.length),
    }),
    [startFen, moves, evals],
  );
  return (
    <section className="gr-summary" aria-label="Accuracy">
      {(['white', 'black'] as const).map((side, i) => (
        <div key={side} className={`gr-summary-side is-${side}`} data-testid={`summary-${side}`}>
          <p className="gr-summary-name">
            <span className={`gr-summary-dot is-${side}`} aria-hidden="true" /> {names[i]}
          </p>
          <dl className="gr-summary-figures">
            {ROWS.map(([kind, label]) => (
              <div key={kind} className={`is-${kind}`}>
                <dt>{label}</dt>
                <dd>{counts[side][kind]}</dd>
              </div>
            ))}
            <div>
              <dt>Average centipawn loss</dt>
              <dd>{figures.acpl[side] ?? '–'}</dd>
            </div>
            <div className="gr-summary-accuracy">
              <dt>Accuracy</dt>
              <dd>{figures.accuracy[side] === null ? '–' : `${figures.accuracy[side]}%`}</dd>
            </div>
          </dl>
        </div>
      ))}
    </section>
  );
}
