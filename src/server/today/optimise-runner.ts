import type { ReviewEvent } from '../../chess/review-history.js';
import { startWorker } from '../worker-start.js';
import type { FitOutcome } from './fit-schedule.js';

/** Runs one fit in a worker thread of its own, so the server's thread keeps answering meanwhile. */
export function fitInWorker(events: readonly ReviewEvent[]): Promise<FitOutcome> {
  const worker = startWorker(import.meta.url, 'optimise-worker', { workerData: { events } });
  return new Promise<FitOutcome>((resolve) => {
    const fail = (reason: string) =>
      resolve({ ok: false, message: `Optimising failed (${reason}): nothing was changed.` });
    worker.once('message', (outcome: FitOutcome) => {
      resolve(outcome);
      void worker.terminate();
    });
    worker.once('error', (error) => fail(error.message));
    worker.once('exit', (code) => fail(`the optimizer stopped with code ${code}`));
  });
}
