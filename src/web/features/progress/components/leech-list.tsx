import { Link } from 'react-router';
import type { Leech } from '@contract/today';
import { Board } from '../../../components/board';

/** Where a leech is mended: the card in the card editor, a drill position in the repertoire workshop. */
export function leechPath(leech: Leech): string {
  if (leech.kind === 'card') return `/manage_cards?card=${encodeURIComponent(String(leech.id))}`;
  const query = new URLSearchParams({ color: leech.color ?? 'white', line: leech.line ?? '' });
  return `/repertoire?${query}`;
}

/** Cards and drill positions failed four times or more, each with its position and a link to fix it. */
export function LeechList({ leeches }: { leeches: Leech[] }) {
  if (leeches.length === 0) {
    return <p className="muted">No leeches: nothing has been failed four times or more.</p>;
  }
  return (
    <ul className="progress-leeches" data-testid="leech-list">
      {leeches.map((leech) => (
        <li key={`${leech.kind}-${leech.id}`} className="progress-leech">
          <div className="progress-leech-board" aria-hidden="true">
            <Board
              id={`leech-${leech.kind}-${leech.id}`}
              fen={leech.fen}
              orientation={leech.color ?? 'white'}
              showCoordinates={false}
            />
          </div>
          <div className="progress-leech-text">
            <Link to={leechPath(leech)} className="progress-leech-link">
              {leech.kind === 'card' ? 'Card' : `${leech.color === 'black' ? 'Black' : 'White'} drill`}:{' '}
              {leech.label || (leech.kind === 'card' ? '(no prompt)' : 'start of the chapter')}
            </Link>
            <span className="muted">
              failed {leech.lapses} times · {leech.kind === 'card' ? 'open in the card editor' : 'open in the workshop'}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
