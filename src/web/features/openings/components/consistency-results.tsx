import { Link } from 'react-router';
import { Board } from '../../../components/board';
import type { ConsistencyPosition } from '../api/opening-checks';
import { NO_INCONSISTENCIES } from '../lib/messages';

type Props = {
  positions: ConsistencyPosition[];
  orientation: 'white' | 'black';
  /** The Repertoire screen at a line, where one answer is kept in one click. */
  workshopHref?: (line: string) => string;
};

/** Each position where the repertoire gives more than one move: its board, its moves and their chapters. */
export function ConsistencyResults({ positions, orientation, workshopHref }: Props) {
  if (positions.length === 0) return <p className="op-result-empty">{NO_INCONSISTENCIES}</p>;
  return (
    <ol className="op-positions">
      {positions.map((p, i) => (
        <li key={p.fen} className="op-position">
          <div className="op-mini-board">
            <Board
              id={`consistency-${i}`}
              fen={p.fen}
              orientation={orientation}
              label={`Position after ${p.line || 'the start'}`}
            />
          </div>
          <div>
            <h4>
              Move {p.move_number}, {p.turn === 'white' ? 'White' : 'Black'} to move{' '}
              {p.line ? `after ${p.line}` : 'at the start'}
            </h4>
            <ul className="op-moves">
              {p.moves.map((m) => (
                <li key={m.uci}>
                  <strong>{m.san}</strong>
                  <span className="op-meta"> in {m.chapters.map((c) => c.name).join(', ')}</span>
                </li>
              ))}
            </ul>
            {/* A line from a set-up position (it carries its FEN tag) cannot open there. */}
            {workshopHref && !p.line.startsWith('[') && (
              <Link className="button" to={workshopHref(p.line)}>
                Choose one in Repertoire
              </Link>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
