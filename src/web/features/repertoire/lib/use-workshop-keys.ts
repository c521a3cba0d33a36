import { useEffect, useRef } from 'react';

export type WorkshopKeys = {
  back: () => void;
  forward: () => void;
  start: () => void;
  end: () => void;
  flip: () => void;
};

/**
 * Keys as on Lichess's analysis board: ← → step through the line, ↑ / Home to the start, ↓ / End to
 * the end, f flips the board. Typing in a field or a dialog is left alone.
 */
export function useWorkshopKeys(keys: WorkshopKeys): void {
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const action: Record<string, (() => void) | undefined> = {
        ArrowLeft: current.current.back,
        ArrowRight: current.current.forward,
        ArrowUp: current.current.start,
        Home: current.current.start,
        ArrowDown: current.current.end,
        End: current.current.end,
        f: current.current.flip,
      };
      const run = action[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
