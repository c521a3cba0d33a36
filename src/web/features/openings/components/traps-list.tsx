import { Link } from 'react-router';
import { useTraps } from '../api/coverage-goal';
import type { Color } from '../api/types';
import { percent1 } from '../lib/goal-text';
import { aboutOneIn } from '../lib/hole-card';
import '../coverage.css';

/**
 * Traps: the opponent's moves at your positions that players at your bands play often and lose
 * with, each saying whether your repertoire punishes it, and one click to the workshop there.
 */
export function TrapsList({
  color,
  workshopHref,
}: {
  color: Color;
  workshopHref?: (color: Color, line: string) => string;
}) {
  const traps = useTraps(color);
  const rows = traps.data ?? [];
  return (
    <section className="op-traps" aria-labelledby={`traps-title-${color}`} data-testid="traps">
      <h3 id={`traps-title-${color}`}>Traps</h3>
      <p className="muted">
        Common mistakes: moves opponents play in at least 5% of games (and 100 games) after which you score 60% or more,
        counting the doubt of the sample.
      </p>
      {traps.isSuccess && rows.length === 0 && <p className="muted">No common mistakes at your positions yet.</p>}
      {rows.length > 0 && (
        <ul className="op-trap-list">
          {rows.map((trap) => (
            <li key={trap.line} className="op-trap-row" data-testid="trap-row">
              <span className="op-hole-line">{trap.line}</span>
              <span className="op-trim-facts">
                Opponents play <strong>{trap.san}</strong> in {percent1(trap.share)} of games here (
                {trap.games.toLocaleString('en-US')} games; {aboutOneIn(trap.reach)}); you score {percent1(trap.score)},
                at worst {percent1(trap.score_low)}.
              </span>
              <span className={`op-hole-mark ${trap.punished ? 'is-final' : 'is-provisional'}`}>
                {trap.punished ? 'punished' : 'not answered'}
              </span>
              {workshopHref && (
                <Link className="button button-small" to={workshopHref(color, trap.line)}>
                  {trap.punished ? 'Open in Repertoire' : 'Add the punishment in Repertoire'}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
