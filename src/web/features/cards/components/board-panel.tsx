import { useState } from 'react';
import type { Orientation } from '../../../../chess/scheduling-types';
import { Board, type PromotionRole } from '../../../components/board';
import { type BoardLine, lineFen, lineText } from '../card-draft';

export type BoardPanelProps = {
  /** Heading over the board, e.g. 'Prompt board'. */
  title: string;
  /** Unique per page: react-chessboard needs distinct ids. */
  id: string;
  line: BoardLine;
  orientation: Orientation;
  promotion: PromotionRole;
  onLineChange: (line: BoardLine) => void;
};

/** A playable board with the moves played on it, Undo and Reset, and the last illegal move reported. */
export function BoardPanel({ title, id, line, orientation, promotion, onLineChange }: BoardPanelProps) {
  const [illegal, setIllegal] = useState('');
  const moves = lineText(line);
  const last = line.moves.at(-1);
  return (
    <section className="board-panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="board-panel-title">
        {title}
      </h3>
      <Board
        id={id}
        fen={lineFen(line)}
        orientation={orientation}
        promotion={promotion}
        lastMove={last ? { from: last.from, to: last.to } : undefined}
        label={`${title}: ${lineFen(line).split(' ')[1] === 'b' ? 'black' : 'white'} to move`}
        onMove={(move) => {
          setIllegal('');
          onLineChange({ ...line, moves: [...line.moves, move] });
        }}
        onIllegalMove={setIllegal}
      />
      <div className="board-panel-bar">
        <p className="board-panel-moves" aria-live="polite" data-testid={`${id}-moves`}>
          {moves || <span className="muted">Drag or click a piece to play a move</span>}
        </p>
        <button
          type="button"
          className="button button-small"
          disabled={line.moves.length === 0}
          onClick={() => {
            setIllegal('');
            onLineChange({ ...line, moves: line.moves.slice(0, -1) });
          }}
        >
          Undo
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={line.moves.length === 0}
          onClick={() => {
            setIllegal('');
            onLineChange({ ...line, moves: [] });
          }}
        >
          Reset
        </button>
      </div>
      <p className="board-panel-error" role="alert">
        {illegal}
      </p>
    </section>
  );
}
