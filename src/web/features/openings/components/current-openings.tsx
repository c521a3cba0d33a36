import { useStudies } from '../../../lib/studies';
import type { Color, Study } from '../api/types';
import { shortDateTime } from '../api/recent-games';
import '../sources.css';

/** The current white and black openings (shown on Manage Openings and game review). */
export function CurrentOpenings() {
  const studies = useStudies();
  if (studies.isPending) return <p className="muted">Loading openings…</p>;
  const data = studies.data ?? { white: null, black: null };
  return (
    <dl className="op-current" aria-label="Current openings">
      <CurrentOpening color="white" study={data.white} />
      <CurrentOpening color="black" study={data.black} />
    </dl>
  );
}

function CurrentOpening({ color, study }: { color: Color; study: Study | null }) {
  const label = color === 'white' ? 'White opening' : 'Black opening';
  return (
    <div className="op-current-item" data-color={color}>
      <dt>
        <span className="op-swatch" aria-hidden="true">
          {color === 'white' ? '♔' : '♚'}
        </span>
        {label}
      </dt>
      <dd>
        {study ? (
          <>
            {study.link ? (
              <a href={study.link} target="_blank" rel="noreferrer">
                {study.title || study.link}
              </a>
            ) : (
              <span>{study.title || 'Uploaded PGN'}</span>
            )}
            <span className="op-meta">
              {study.exclude_move_indicators ? ` excluding ${study.exclude_move_indicators.split(',').join(' ')}` : ''}
              {` · updated ${shortDateTime(study.last_update)}`}
            </span>
          </>
        ) : (
          <span className="muted">None set</span>
        )}
      </dd>
    </div>
  );
}
