import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useDrillStats } from '../api/get-drill-stats';
import { useSyncDrill } from '../api/sync-drill';
import { drillQueryKey, type DrillColor } from '../api/types';
import { DrillProgress } from './drill-progress';
import { DrillSettingsForm } from './drill-settings-form';
import type { PlayOnPosition } from './drill-play-on';
import { DrillTrainer, type DrillMode } from './drill-trainer';
import '../drill.css';
import { plural } from '../../../lib/plural';

/** The Drill screen: pick a colour and a mode, then play your repertoire moves, scheduled with FSRS. */
export function DrillScreen({
  workshopHref,
  renderPlayOn,
}: {
  /** The Repertoire screen at a line (movetext from the start). */
  workshopHref?: (color: DrillColor, line: string) => string;
  /** Play on from the end of a line (the app's play-on feature); not offered without it. */
  renderPlayOn?: (from: PlayOnPosition, onClose: () => void) => ReactNode;
}) {
  usePageTitle('Drill');
  const [params, setParams] = useSearchParams();
  const color: DrillColor = params.get('color') === 'black' ? 'black' : 'white';
  // `line` parameters (movetext, repeated) limit the session to the positions along those lines.
  const lines = params.getAll('line');
  const mode: DrillMode = lines.length > 0 ? 'lines' : params.get('mode') === 'position' ? 'position' : 'line';
  const choose = (name: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(name, value);
      if (name === 'mode') next.delete('line');
      return next;
    });
  const stats = useDrillStats(color);
  // The counts say whether the colour has a study; the deck is synced only when it has one.
  const hasStudy = stats.data?.has_study !== false;
  const sync = useSyncDrill(color, (stats.isSuccess && hasStudy) || stats.isError);
  const client = useQueryClient();
  const noStudy =
    (stats.isSuccess && !hasStudy) || (sync.isError && isApiError(sync.error) && sync.error.status === 400);

  return (
    <section className="page drill-page" aria-labelledby="drill-title">
      <header className="drill-header">
        <h1 id="drill-title">Drill</h1>
        <div className="drill-progress" aria-label="Progress">
          <DrillProgress color="white" active={color === 'white'} />
          <DrillProgress color="black" active={color === 'black'} />
          {stats.data && (
            <p className="drill-new-today" data-testid="drill-new-today">
              <strong>{stats.data.new_today}</strong>/{stats.data.new_per_day} new today, both colours together
            </p>
          )}
        </div>
        <div className="drill-controls">
          <fieldset className="drill-choice">
            <legend>Colour</legend>
            {(['white', 'black'] as const).map((c) => (
              <label key={c} className={color === c ? 'is-chosen' : ''}>
                <input type="radio" name="drill-colour" checked={color === c} onChange={() => choose('color', c)} />
                {c === 'white' ? 'White' : 'Black'}
              </label>
            ))}
          </fieldset>
          <fieldset className="drill-choice">
            <legend>Mode</legend>
            {(
              [
                ['line', 'Lines'],
                ['position', 'Positions'],
              ] as const
            ).map(([m, label]) => (
              <label key={m} className={mode === m ? 'is-chosen' : ''}>
                <input type="radio" name="drill-mode" checked={mode === m} onChange={() => choose('mode', m)} />
                {label}
              </label>
            ))}
          </fieldset>
        </div>
      </header>
      {mode === 'lines' && (
        <p className="card drill-lines-note" data-testid="drill-lines-note">
          Drilling the positions along {plural(lines.length, 'line')}, due or not.{' '}
          <Link to={`/drill?color=${color}`}>Back to the whole drill</Link>
        </p>
      )}
      {sync.isPending && !noStudy && <p className="muted">Bringing your {color} deck in step with your study…</p>}
      {noStudy && (
        <div className="card">
          <p>You have no {color} study yet.</p>
          <p className="muted">
            Set one on <Link to="/manage_openings">Manage Openings</Link>; its positions become your drill.
          </p>
        </div>
      )}
      {sync.isError && !noStudy && (
        <p className="form-message is-error" role="alert">
          The drill could not be prepared: {sync.error.message}
        </p>
      )}
      {sync.isSuccess && (
        <DrillTrainer
          key={`${color}-${mode}-${lines.join('|')}`}
          color={color}
          mode={mode}
          lines={lines}
          stats={stats.data}
          onAnswered={() => void client.invalidateQueries({ queryKey: [...drillQueryKey, 'stats'] })}
          workshopHref={workshopHref}
          renderPlayOn={renderPlayOn}
        />
      )}
      <footer className="drill-footer">
        <DrillSettingsForm />
      </footer>
    </section>
  );
}
