import { intervalLabel } from '../../../../chess/scheduling-interval-label';
import type { DrillColor, DrillStats } from '../api/types';
import type { DrillMode } from './drill-trainer';

/** The day's New items are done for the colour: all of them, or its share of them. */
function newDoneText(color: DrillColor, stats: DrillStats): string {
  if (stats.new_share >= stats.new_per_day) return `Today's ${stats.new_per_day} new items are done.`;
  const name = color === 'white' ? 'White' : 'Black';
  const done = stats.new_share === 1 ? 'position is' : 'positions are';
  return (
    `Today's ${stats.new_share} new ${name} ${done} done: ${name}'s share of the ${stats.new_per_day} a day, ` +
    'by the positions each colour has left to learn.'
  );
}

/** The end of a drill session: when the next item falls due, and a button to look again. */
export function DrillFinished({
  color,
  mode,
  stats,
  onAgain,
}: {
  color: DrillColor;
  mode: DrillMode;
  stats: DrillStats | undefined;
  onAgain: () => void;
}) {
  const nextIn = stats?.next_due ? intervalLabel(Date.parse(stats.next_due) - Date.now()) : undefined;
  return (
    <div className="card drill-finished" role="status">
      <p className="drill-finished-title">
        {mode === 'lines'
          ? 'Every position of these lines is done'
          : nextIn
            ? `Nothing due; next item in ${nextIn}`
            : stats && stats.new > 0
              ? 'Nothing due; next item tomorrow'
              : 'Nothing due'}
      </p>
      <p className="muted">
        {mode === 'lines'
          ? 'Go again to repeat them, or go back to the drill of what is due.'
          : stats && stats.new > 0 && stats.new_left === 0
            ? newDoneText(color, stats)
            : stats && stats.total === 0
              ? 'Your study has no positions to drill yet.'
              : 'Every item is scheduled for later.'}
      </p>
      <button type="button" className="button" onClick={onAgain}>
        {mode === 'lines' ? 'Go again' : 'Check again'}
      </button>
    </div>
  );
}
