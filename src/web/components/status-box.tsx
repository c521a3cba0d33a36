import { useEffect, useState } from 'react';

/** The text the Status box shows while work runs. */
export const STATUS_PROCESSING = 'Processing';
/** The text shown when work has finished. */
export const STATUS_DONE = 'Done';

/** Dot animation: one more dot every 500 ms, back to none after 9. */
export const DOT_TICK_MS = 500;
export const MAX_DOTS = 9;

export type StatusBoxProps = {
  /** What to show, e.g. STATUS_PROCESSING, STATUS_DONE, 'Retrieving Games' or any custom text. */
  text: string;
  /** When true, animated dots follow the text (use while work is running). */
  busy?: boolean;
  /** Accessible name of the box; 'Status' by default. */
  label?: string;
};

/** A read-only status line that screen readers announce politely. */
export function StatusBox({ text, busy = false, label = 'Status' }: StatusBoxProps) {
  const dots = useDots(busy);
  return (
    // With nothing to say the box takes no room (it stays in the page, so what it says later is announced).
    <output
      className={`status-box${text === '' && !busy ? ' is-empty' : ''}`}
      aria-label={label}
      aria-live="polite"
      aria-busy={busy}
    >
      <span>{text}</span>
      {busy && (
        <span className="status-dots" aria-hidden="true">
          {'.'.repeat(dots)}
        </span>
      )}
    </output>
  );
}

/** 0..9 dots, advancing every 500 ms while active. */
export function useDots(active: boolean): number {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    setDots(0);
    if (!active) return;
    const timer = setInterval(() => setDots((count) => nextDotCount(count)), DOT_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return dots;
}

export const nextDotCount = (count: number): number => (count >= MAX_DOTS ? 0 : count + 1);
