// The engine's line in the position on the board, for a stored analysis (which keeps only the best
// move): searched in the tab's engine when the board stops on a position, dropped when it moves on.
import { useEffect, useState } from 'react';
import { getEngine } from '../../../lib/engine/uci-engine';

const LINE_DEPTH = 12;
const SETTLE_MS = 250;

/** The principal variation at `fen` (engine UCI), or undefined while searching or when `enabled` is false. */
export function usePositionLine(fen: string, enabled: boolean): string[] | undefined {
  const [line, setLine] = useState<{ fen: string; pv: string[] }>();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | undefined;
    let live = true;
    const timer = setTimeout(() => {
      const job = getEngine().analyse({ fen, depth: LINE_DEPTH });
      stop = job.stop;
      job.result
        .then((result) => live && !result.stopped && setLine({ fen, pv: result.lines[0]?.pv ?? [] }))
        .catch(() => undefined);
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      stop?.();
    };
  }, [fen, enabled]);
  return line?.fen === fen ? line.pv : undefined;
}
