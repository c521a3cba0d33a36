import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReviewEvent } from '../../chess/review-history.js';
import type { FitOutcome } from './fit-schedule.js';

// From the TypeScript sources (tsx, tests) the worker loads its .ts file through tsx's loader; the
// compiled server (dist/server) ships optimise-worker.js next to the entry point.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './optimise-worker.ts' : './optimise-worker.js', import.meta.url);

/** Runs one fit in a worker thread of its own, so the server's thread keeps answering meanwhile. */
export function fitInWorker(events: readonly ReviewEvent[]): Promise<FitOutcome> {
  const workerData = { events };
  let worker: Worker;
  if (fromSource) {
    const tsx = pathToFileURL(
      createRequire(import.meta.url)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(workerUrl.href)}); })`;
    worker = new Worker(boot, { eval: true, workerData });
  } else {
    worker = new Worker(workerUrl, { workerData });
  }
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
