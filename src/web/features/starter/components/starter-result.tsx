import { serverWords } from '../../../lib/api-client';
import { Link } from 'react-router';
import type { Color } from '@contract/common';
import type { StarterBuild } from '../api/get-starter';
import { downloadText } from '../lib/download-text';
import { useStarterKeeping } from '../lib/use-starter-keeping';
import { bandsText, colorName, reviewsText, sourceTitle, starterFileName, statusText } from '../lib/starter-text';
import { noun, plural } from '../../../lib/plural';

export type StarterLinks = {
  /** The repertoire workshop of a colour. */
  workshopHref: (color: Color) => string;
  /** The workshop showing a build (by id) before it is kept. */
  previewHref: (color: Color, build: string) => string;
  /** The drill of a colour. */
  drillHref: (color: Color) => string;
};

type Props = StarterLinks & {
  build: StarterBuild;
  /** The colour has a study already: the build may be added to it as edits. */
  hasStudy: boolean;
};

const count = (n: number) => n.toLocaleString('en-US');

/** How the latest build ended, its size and daily cost, and the ways to keep it. */
export function StarterResult({ build, hasStudy, workshopHref, previewHref, drillHref }: Props) {
  const { asSource, asEdits, keptSource, kept, offer, busy, failure } = useStarterKeeping(build.color, build);
  const keepable = build.own_moves > 0 && build.pgn.trim() !== '';
  const side = colorName(build.color);

  return (
    <section
      className="card starter-result"
      aria-labelledby="starter-result-title"
      data-testid="starter-result"
      data-status={build.status}
    >
      <h2 id="starter-result-title">
        Your {side} starter{build.line ? `: ${build.line}` : ''}
      </h2>
      <p className={`starter-status is-${build.status}`} data-testid="starter-status">
        {statusText(build)}
      </p>
      {/* A stopped or failed build says why in its status line; a done one may add what to know. */}
      {build.message && build.status === 'done' && <p className="muted">{build.message}</p>}
      {keepable && (
        <>
          <ul className="starter-figures" aria-label="Size">
            <li data-testid="starter-positions">
              <strong>{count(build.positions)}</strong> {noun(build.positions, 'position')}
            </li>
            <li data-testid="starter-lines">
              <strong>{count(build.lines)}</strong> {noun(build.lines, 'line')}
            </li>
            <li data-testid="starter-own-moves">
              <strong>{count(build.own_moves)}</strong> {noun(build.own_moves, 'move to learn', 'moves to learn')}
            </li>
          </ul>
          <p data-testid="starter-reviews">
            Training it costs {reviewsText(build.reviews_per_day)}.{' '}
            <span className="muted">Explorer games at {bandsText(build.speeds, build.ratings)}.</span>
          </p>
          <div className="starter-actions">
            <button
              type="button"
              className="button"
              onClick={() => downloadText(starterFileName(build.color, build.line), build.pgn)}
            >
              Download PGN
            </button>
            {/* Before keeping, the workshop shows the build itself; after, the repertoire it went into. */}
            {offer && (
              <Link className="button" to={previewHref(build.color, build.id)}>
                Open in the workshop
              </Link>
            )}
            {offer && (
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() => asSource.mutate({ color: build.color, pgn: build.pgn, title: sourceTitle(build.line) })}
              >
                {asSource.isPending ? 'Keeping…' : 'Keep as a repertoire source'}
              </button>
            )}
            {offer && hasStudy && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => asEdits.mutate({ color: build.color })}
              >
                {asEdits.isPending ? 'Adding…' : 'Add to my repertoire as edits'}
              </button>
            )}
          </div>
          {offer && (
            <p className="muted starter-keep-hint">
              {hasStudy
                ? `A source sits beside your other ${side} sources and can be switched off; edits go into your ${side} repertoire, and one Undo in the workshop takes them back.`
                : `Keeping it makes it your ${side} repertoire: the workshop, the drill and every check read it from then on.`}
            </p>
          )}
        </>
      )}
      {failure && (
        <p className="form-message is-error" role="alert">
          Not kept: {serverWords(failure)}
        </p>
      )}
      {kept && (
        <div className="starter-kept" role="status" data-testid="starter-kept">
          <p className="form-message is-success">
            {keptSource
              ? `Kept as the ${side} repertoire source “${keptSource.name}”.`
              : asEdits.data
                ? `Added ${plural(asEdits.data.added, 'line')} to your ${side} repertoire as edits.`
                : ''}
          </p>
          <p className="starter-next">
            <Link className="button" to={workshopHref(build.color)}>
              Open in the workshop
            </Link>
            <Link className="button button-primary" to={drillHref(build.color)}>
              Train its first moves
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
