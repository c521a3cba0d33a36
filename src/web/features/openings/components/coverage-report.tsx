import { useState } from 'react';
import type { CoverageMove, CoveragePosition } from '../../../../chess/coverage';
import { Board } from '../../../components/board';
import '../coverage.css';

type Props = { positions: CoveragePosition[]; orientation: 'white' | 'black' };

/**
 * The coverage report as a player reads it: each position with the opponent's moves as bars, green
 * when the repertoire answers the move, red when it does not; the chosen position on the board.
 */
export function CoverageReportView({ positions, orientation }: Props) {
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      positions.findIndex((p) => p.moves.some((m) => !m.covered)),
    ),
  );
  if (positions.length === 0) return null;
  const current = positions[Math.min(selected, positions.length - 1)];
  const uncovered = positions.reduce((n, p) => n + p.moves.filter((m) => !m.covered).length, 0);
  return (
    <div className="op-coverage">
      <div className="op-coverage-board">
        <Board
          id="coverage-board"
          fen={current.fen}
          orientation={orientation}
          label={`Coverage position after ${current.line || 'the start'}`}
        />
        <p className="op-meta">
          {positions.length} positions, {uncovered} uncovered moves. Choose a position to show it on the board.
        </p>
      </div>
      <ol className="op-coverage-list">
        {positions.map((p, i) => (
          <li key={p.key} className={i === selected ? 'is-selected' : undefined}>
            <button
              type="button"
              className="op-position-button"
              aria-pressed={i === selected}
              onClick={() => setSelected(i)}
            >
              Move {p.moveNumber}, {p.turn === 'white' ? 'White' : 'Black'} to move{' '}
              {p.line ? `after ${p.line}` : 'at the start'}
              {!p.hasStats && ' (no statistics)'}
            </button>
            <ul className="op-bars">
              {p.moves.map((m) => (
                <MoveBar key={m.uci} move={m} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

function MoveBar({ move }: { move: CoverageMove }) {
  return (
    <li className={`op-bar ${move.covered ? 'is-covered' : 'is-uncovered'}`}>
      <span className="op-bar-san">{move.san}</span>
      <span className="op-bar-track" aria-hidden="true">
        <span className="op-bar-fill" style={{ width: `${Math.max(move.percent, 1)}%` }} />
      </span>
      <span className="op-bar-label">
        {move.percent}% {move.covered ? 'covered' : 'not covered'}
      </span>
    </li>
  );
}
