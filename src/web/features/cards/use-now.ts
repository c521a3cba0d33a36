import { useEffect, useState } from 'react';

/**
 * The current time in ms, refreshed every `everyMs` and also right when `wakeAt` (ms) arrives,
 * so a card shows up on the review screen the moment it falls due.
 */
export function useNow(everyMs: number, wakeAt?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  useEffect(() => {
    if (wakeAt === undefined) return;
    const wait = wakeAt - Date.now();
    // Timers longer than about 24.8 days overflow; the interval above covers those.
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wait) + 50);
    return () => clearTimeout(timer);
  }, [wakeAt]);
  return now;
}
