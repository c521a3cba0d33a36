import { Link, useNavigate } from 'react-router';
import type { Color } from '@contract/common';
import { errorText, serverWords } from '../../../lib/api-client';
import { useStudies } from '../../../lib/studies';
import { useStarter } from '../api/get-starter';
import { colorName, sourceTitle } from '../lib/starter-text';
import { useStarterKeeping } from '../lib/use-starter-keeping';
import '../starter.css';

type Props = {
  color: Color;
  /** The build's id. */
  build: string;
  /** Build a repertoire, on this colour. */
  starterHref: string;
  /** The colour's workshop, where keeping the build leads. */
  keptHref: string;
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Over the workshop while it shows a starter build before it is kept: says so, and keeps it (as a
 * source, or as edits of the colour's study) and then opens the workshop of the kept repertoire.
 */
export function StarterPreviewBanner({ color, build: id, starterHref, keptHref }: Props) {
  const latest = useStarter(color, false);
  const studies = useStudies();
  const navigate = useNavigate();
  const build = latest.data?.id === id ? latest.data : undefined;
  const { asSource, asEdits, keptSource, kept, offer, busy, failure } = useStarterKeeping(color, build);
  const side = colorName(color);
  const keepable = build !== undefined && build.status !== 'running' && build.pgn.trim() !== '';
  const toWorkshop = { onSuccess: () => void navigate(keptHref, { replace: true }) };

  return (
    <section className="starter-preview" aria-labelledby="starter-preview-title" data-testid="starter-preview">
      <h2 id="starter-preview-title">Preview of your starter repertoire (not kept yet)</h2>
      {latest.isPending ? (
        <p className="muted">Reading your starter…</p>
      ) : latest.isError ? (
        <p className="form-message is-error" role="alert">
          Your starter could not be read: {errorText(latest.error)}
        </p>
      ) : !build ? (
        <p>This build is gone: a newer {side} build replaced it.</p>
      ) : (
        <p data-testid="starter-preview-size">
          {side} from {build.line}: {count(build.positions)} positions, {count(build.own_moves)} moves to learn.{' '}
          <span className="muted">
            {build.status === 'running'
              ? 'Still building: what it found so far.'
              : 'Nothing here changes your repertoire until you keep it.'}
          </span>
        </p>
      )}
      {kept && (
        <p className="form-message is-success" role="status">
          {keptSource
            ? `Kept as the ${side} repertoire source “${keptSource.name}”.`
            : `Added to your ${side} repertoire.`}{' '}
          <Link to={keptHref}>Open your {side} repertoire</Link>
        </p>
      )}
      <div className="starter-actions">
        {build && keepable && offer && (
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => asSource.mutate({ color, pgn: build.pgn, title: sourceTitle(build.line) }, toWorkshop)}
            >
              {asSource.isPending ? 'Keeping…' : 'Keep as a source'}
            </button>
            {studies.data?.[color] && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => asEdits.mutate({ color }, toWorkshop)}
              >
                {asEdits.isPending ? 'Adding…' : 'Add as edits'}
              </button>
            )}
          </>
        )}
        <Link className="button" to={starterHref}>
          Back to Build a repertoire
        </Link>
      </div>
      {failure && (
        <p className="form-message is-error" role="alert">
          Not kept: {serverWords(failure)}
        </p>
      )}
    </section>
  );
}
