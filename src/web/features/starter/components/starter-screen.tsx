import { useSearchParams } from 'react-router';
import type { Color } from '@contract/common';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useStudies } from '../../../lib/studies';
import { useStopStarter } from '../api/stop-starter';
import { colorName } from '../lib/starter-text';
import { useStarterBuild } from '../lib/use-starter-build';
import { StarterForm, type BandsAndSpeeds, type FiltersSlot } from './starter-form';
import { StarterProgress } from './starter-progress';
import { StarterResult, type StarterLinks } from './starter-result';
import '../starter.css';

type Props<F extends BandsAndSpeeds> = FiltersSlot<F> & StarterLinks;

/**
 * Build a repertoire (`/starter?color=white|black`): from the moves the player commits to, the server
 * follows the Lichess explorer (every reply met at the goal, the best-scoring move at each of the
 * player's turns) and hands back a small repertoire to download, keep as a source or add as edits.
 */
export function StarterScreen<F extends BandsAndSpeeds>({
  defaultFilters,
  renderFilters,
  workshopHref,
  previewHref,
  drillHref,
}: Props<F>) {
  usePageTitle('Build a repertoire');
  const [params, setParams] = useSearchParams();
  const color: Color = params.get('color') === 'black' ? 'black' : 'white';
  const choose = (c: Color) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('color', c);
        return next;
      },
      { replace: true },
    );
  const { latest, streaming, resting, error, start } = useStarterBuild(color);
  const stop = useStopStarter(color);
  const studies = useStudies();
  const build = latest.data ?? undefined;
  const running = streaming || build?.status === 'running';

  return (
    <section className="page starter-page" aria-labelledby="starter-title">
      <header className="starter-header">
        <h1 id="starter-title">Build a repertoire</h1>
        <fieldset className="starter-choice">
          <legend className="visually-hidden">You play</legend>
          {(['white', 'black'] as const).map((c) => (
            <label key={c} className={color === c ? 'is-chosen' : ''}>
              <input type="radio" name="starter-colour" checked={color === c} onChange={() => choose(c)} />
              {colorName(c)}
            </label>
          ))}
        </fieldset>
      </header>
      <p className="muted starter-intro">
        Commit to your first moves; the app follows the Lichess explorer from there, at your rating bands and time
        controls. It answers every reply your opponents play at least as often as your goal (such as 1 in 150 games)
        with the best-scoring move of at least 50 games, and hands you a small repertoire to keep, train and grow.
      </p>
      {latest.isError && (
        <p className="form-message is-error" role="alert">
          Your latest build could not be read: {errorText(latest.error)}
        </p>
      )}
      {running && (
        <StarterProgress
          build={build?.status === 'running' ? build : undefined}
          resting={resting}
          stopping={stop.isPending}
          onStop={() => stop.mutate()}
        />
      )}
      {stop.isError && (
        <p className="form-message is-error" role="alert">
          Could not stop the build: {errorText(stop.error)}
        </p>
      )}
      {!running && build && (
        <StarterResult
          key={build.started_at}
          build={build}
          hasStudy={Boolean(studies.data?.[color])}
          workshopHref={workshopHref}
          previewHref={previewHref}
          drillHref={drillHref}
        />
      )}
      {latest.isPending ? (
        <p className="muted">Looking for your latest build…</p>
      ) : (
        <StarterForm
          key={color}
          color={color}
          title={build && !running ? 'Build another' : undefined}
          initialLine={build?.line ?? ''}
          running={running}
          error={error}
          onStart={(request) => void start(request)}
          defaultFilters={defaultFilters}
          renderFilters={renderFilters}
        />
      )}
    </section>
  );
}
