import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { makeLine, parseLine, START_FEN, type LineStep } from './workshop-line';

export type WorkshopLine = {
  /** The line walked so far; moves after `cursor` are kept for stepping forward again. */
  steps: LineStep[];
  /** 0 = the start; n = after steps[n - 1]. */
  cursor: number;
};

/**
 * The workshop's line and where on it the board is, kept in the address (`line`, replaced rather
 * than pushed) so a reload or a shared link opens the same position.
 */
export function useWorkshopLine() {
  const [params, setParams] = useSearchParams();
  const lineParam = params.get('line') ?? '';
  const [state, setState] = useState(() => fromParam(lineParam));
  const written = useRef(lineParam);

  // A link to another line while the screen is open (Back, or a finding elsewhere) starts over there.
  useEffect(() => {
    if (lineParam === written.current) return;
    written.current = lineParam;
    setState(fromParam(lineParam));
  }, [lineParam]);

  const go = useCallback(
    (steps: LineStep[], cursor: number) => {
      const next = { steps, cursor: Math.max(0, Math.min(cursor, steps.length)) };
      setState((previous) => ({ ...next, openedAt: previous.openedAt }));
      const line = makeLine(next.steps.slice(0, next.cursor));
      written.current = line;
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          if (line) q.set('line', line);
          else q.delete('line');
          return q;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const { steps, cursor } = state;
  const fen = cursor === 0 ? START_FEN : steps[cursor - 1].fen;
  return {
    steps,
    cursor,
    fen,
    line: makeLine(steps.slice(0, cursor)),
    /** The address's line when it could not be played from the start. */
    unreadable: state.unreadable,
    /** The line the address opened the screen at (a finding's position), if any. */
    openedAt: state.openedAt,
    go,
    /** Plays a move from the current position: the same move as the next one keeps the line after it. */
    play: (step: LineStep) =>
      steps[cursor]?.uci === step.uci ? go(steps, cursor + 1) : go([...steps.slice(0, cursor), step], cursor + 1),
    jump: (to: number) => go(steps, to),
  };
}

function fromParam(line: string): WorkshopLine & { unreadable?: string; openedAt?: string } {
  if (line.trim() === '') return { steps: [], cursor: 0 };
  const steps = parseLine(line);
  if (!steps) return { steps: [], cursor: 0, unreadable: line };
  return { steps, cursor: steps.length, openedAt: line };
}
