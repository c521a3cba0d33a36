import { useDrillStats } from '../api/get-drill-stats';
import type { DrillColor } from '../api/types';

/** Due now and the learned share of the repertoire, for one colour (new items a day are one allowance for both). */
export function DrillProgress({ color, active }: { color: DrillColor; active: boolean }) {
  const stats = useDrillStats(color);
  const s = stats.data;
  const learned = s && s.total > 0 ? Math.round((100 * s.review) / s.total) : 0;
  return (
    <div className={`drill-progress-row${active ? ' is-active' : ''}`} data-testid={`drill-progress-${color}`}>
      <span className="drill-progress-colour">{color === 'white' ? 'White' : 'Black'}</span>
      {s ? (
        <>
          <span>
            <strong data-testid={`due-now-${color}`}>{s.due_now}</strong> due now
          </span>
          <span>
            <strong>{learned}%</strong> learned of {s.total}
          </span>
          <span className="drill-bar" aria-hidden="true">
            <span style={{ width: `${learned}%` }} />
          </span>
        </>
      ) : (
        <span className="muted">{stats.isError ? 'No counts' : 'Counting…'}</span>
      )}
    </div>
  );
}
