import { useCallback, useRef, useState } from 'react';
import { STATUS_DONE, STATUS_PROCESSING } from '../../../components/status-box';

export type Status = { text: string; busy: boolean };

/**
 * The Status box's state: 'Processing' with dots while work runs, progress text
 * when there is some, 'Done' when it ends. A newer run makes an older one's updates stale.
 */
export function useStatus(initial = '') {
  const [status, setStatus] = useState<Status>({ text: initial, busy: false });
  const run = useRef(0);

  const begin = useCallback((text: string = STATUS_PROCESSING) => {
    run.current += 1;
    const id = run.current;
    setStatus({ text, busy: true });
    const current = () => id === run.current;
    return {
      progress: (progressText: string) => current() && setStatus({ text: progressText, busy: true }),
      done: (text: string = STATUS_DONE) => current() && setStatus({ text, busy: false }),
      isCurrent: current,
    };
  }, []);

  const show = useCallback((text: string) => {
    run.current += 1;
    setStatus({ text, busy: false });
  }, []);

  return { status, begin, show };
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
