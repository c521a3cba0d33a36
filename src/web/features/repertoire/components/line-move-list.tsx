import { useEffect, useRef } from 'react';
import type { LineStep } from '../lib/workshop-line';

type Props = {
  steps: readonly LineStep[];
  /** 0 = the start; n = after steps[n - 1]. Moves after it are shown dimmed, still one click away. */
  cursor: number;
  onJump: (cursor: number) => void;
};

type Row = { number: number; white?: number; black?: number };

/** The line so far in numbered pairs; the current move is marked and kept in view. */
export function LineMoveList({ steps, cursor, onJump }: Props) {
  const box = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = box.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list) return;
    if (!current) list.scrollTop = 0;
    else if (current.offsetTop < list.scrollTop || current.offsetTop > list.scrollTop + list.clientHeight - 30)
      list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }, [cursor]);

  const rows: Row[] = [];
  steps.forEach((_, i) => {
    if (i % 2 === 0) rows.push({ number: i / 2 + 1, white: i });
    else rows[rows.length - 1].black = i;
  });
  const cell = (index: number | undefined) =>
    index === undefined ? (
      <span className="ws-move is-blank" />
    ) : (
      <button
        type="button"
        className={`ws-move${index >= cursor ? ' is-ahead' : ''}`}
        aria-current={index + 1 === cursor ? 'step' : undefined}
        onClick={() => onJump(index + 1)}
      >
        {steps[index].san}
      </button>
    );

  return (
    <div className="ws-line">
      <button
        type="button"
        className={`ws-move ws-start${cursor === 0 ? ' is-current' : ''}`}
        aria-current={cursor === 0 ? 'step' : undefined}
        onClick={() => onJump(0)}
      >
        Start
      </button>
      {rows.length > 0 && (
        <ol ref={box} className="ws-move-list" aria-label="Moves of the line">
          {rows.map((row) => (
            <li key={row.number} className="ws-move-row">
              <span className="ws-move-number">{row.number}.</span>
              {cell(row.white)}
              {cell(row.black)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
