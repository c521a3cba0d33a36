import type { ReactNode } from 'react';
import type { Repertoire } from '../../../../chess/repertoire';
import type { CoverageRun } from '../api/coverage-latest';
import type { Color } from '../api/types';
import type { OpeningCardPosition } from '../lib/card-from-comparison';
import { CoverageGoalPanel } from './coverage-goal-panel';
import { CoverageReportView } from './coverage-report';
import { StudyNext } from './study-next';
import '../coverage.css';

export type CoverageActions = {
  /** Opens the card editor with a card for a hole. */
  onMakeCard?: (card: OpeningCardPosition) => void;
  /** The "Add to drill" button for a repertoire position. */
  renderAddToDrill?: (color: Color, fen: string) => ReactNode;
  /** The Repertoire screen at a line (movetext from the start), where a finding is fixed in one click. */
  workshopHref?: (color: Color, line: string) => string;
  /** The suggested answer after a hole (the player to move), at the check's time controls and ratings. */
  renderSuggestedAnswer?: (position: AnswerPosition) => ReactNode;
};

export type AnswerPosition = { color: Color; fen: string; line: string; speeds: string; ratings: string };

type Props = CoverageActions & {
  run: CoverageRun | undefined;
  repertoire?: Repertoire;
  openingName?: string;
  onStop: () => void;
  /** Show the report text too (Manage Openings; the tool has its own Results area). */
  showText?: boolean;
  /** Show the goal, expected score, trim and traps of the stored study (Manage Openings). */
  showGoal?: boolean;
};

/** The latest coverage check of a colour: Stop while it runs, "Study next", then the per-position bars. */
export function CoverageLive({
  run,
  repertoire,
  openingName,
  onStop,
  showText,
  showGoal,
  onMakeCard,
  renderAddToDrill,
  workshopHref,
  renderSuggestedAnswer,
}: Props) {
  if (!run) return null;
  const running = run.status === 'running';
  // A stopped or failed run says why first; a full report starts with its title instead.
  const message =
    !running && run.results && !run.results.startsWith('Coverage Results') ? run.results.split('\n\n')[0] : undefined;
  return (
    <div className="op-coverage-live" data-testid="coverage-live" data-status={run.status}>
      <div className="op-row">
        <p className="op-meta">
          {running ? 'Running' : run.status === 'failed' ? 'Ended early' : 'Done'}:{' '}
          {run.color === 'white' ? 'White' : 'Black'}, time controls {run.speeds.split(',').join(', ')}, ratings{' '}
          {run.ratings.split(',').join(', ')}.
        </p>
        {running && (
          <button type="button" className="button" onClick={onStop}>
            Stop
          </button>
        )}
      </div>
      {message && <p className="op-coverage-message">{message}</p>}
      <StudyNext
        run={run}
        repertoire={repertoire}
        openingName={openingName}
        onMakeCard={onMakeCard}
        renderAddToDrill={renderAddToDrill}
        workshopHref={workshopHref}
        renderSuggestedAnswer={renderSuggestedAnswer}
      />
      {showGoal && <CoverageGoalPanel color={run.color} run={run} workshopHref={workshopHref} />}
      {!running && run.report.length > 0 && (
        <details className="op-coverage-bars" open>
          <summary>Every position, with the opponent's moves</summary>
          <CoverageReportView positions={run.report} orientation={run.color} />
        </details>
      )}
      {showText && !running && run.results && (
        <details open={run.report.length === 0}>
          <summary>Text report</summary>
          <pre className="op-pre">{run.results}</pre>
        </details>
      )}
    </div>
  );
}
