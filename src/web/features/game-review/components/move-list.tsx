import { useEffect, useRef } from 'react';
import type { LineMove } from '../game-line';

export type MoveListProps = {
  moves: readonly LineMove[];
  /** 0 = start position; n = after move n. */
  step: number;
  onStep: (step: number) => void;
};

type Row = { number: number; white?: { move: LineMove; step: number }; black?: { move: LineMove; step: number } };

/** The moves in numbered pairs; the current move is marked and scrolled into view; each move is a button. */
export function MoveList({ moves, step, onStep }: MoveListProps) {
  const box = useRef<HTMLOListElement>(null);

  // Keep the current move visible inside the list without scrolling the page.
  useEffect(() => {
    const list = box.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !current) {
      if (list && step === 0) list.scrollTop = 0;
      return;
    }
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top - 4;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + current.offsetHeight - list.clientHeight + 4;
  }, [step]);

  if (moves.length === 0) return <p className="gr-move-list-empty muted">No moves in this game.</p>;

  const rows: Row[] = [];
  moves.forEach((move, index) => {
    const entry = { move, step: index + 1 };
    const last = rows[rows.length - 1];
    if (move.color === 'white' || !last || last.number !== move.moveNumber) rows.push({ number: move.moveNumber });
    rows[rows.length - 1][move.color] = entry;
  });

  const cell = (entry: Row['white']) =>
    entry ? (
      <button
        type="button"
        className="gr-move"
        aria-current={entry.step === step ? 'step' : undefined}
        onClick={() => onStep(entry.step)}
      >
        {entry.move.san}
      </button>
    ) : (
      <span className="gr-move gr-move-blank">…</span>
    );

  return (
    <ol ref={box} className="gr-move-list" aria-label="Moves">
      {rows.map((row) => (
        <li key={row.number} className="gr-move-row">
          <span className="gr-move-number">{row.number}.</span>
          {cell(row.white)}
          {cell(row.black)}
        </li>
      ))}
    </ol>
  );
}
