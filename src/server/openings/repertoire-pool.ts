import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Repertoire, RepertoireOptions } from '../../chess/index.js';
import { startWorker as startThread } from '../worker-start.js';
import { RepertoireReceiver } from './repertoire-transfer.js';
import type { BuildRequest, PartRequest, WorkerAnswer } from './repertoire-worker.js';

/** What a worker answers: the repertoire, the PGN's error message, or an unexpected failure. */
export type BuildOutcome = { value: Repertoire } | { pgnError: string } | { failure: string };

interface Job extends BuildRequest {
  resolve: (outcome: BuildOutcome) => void;
  /** Set while a large repertoire comes in part by part. */
  receiver?: RepertoireReceiver;
}

const CLOSED = 'the repertoire workers were closed';

/** warmUp: read a generated study first (workers started ahead of need; see repertoire-worker). */
const startWorker = (warmUp: boolean): Worker =>
  startThread(import.meta.url, 'repertoire-worker', { workerData: { warmUp } });

/**
 * A few worker threads that build repertoires; jobs wait in order for a free one. Workers start on
 * first use, are unref'd while idle (so they never keep a process alive) and are replaced if one dies.
 */
export class RepertoirePool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private started = 0;
  private closed = false;

  constructor(private readonly size = Math.max(1, Math.min(4, availableParallelism() - 1))) {}

  build(text: string, options: RepertoireOptions): Promise<BuildOutcome> {
    if (this.closed) return Promise.resolve({ failure: CLOSED });
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, text, options, resolve });
      this.pump();
    });
  }

  /** Starts the workers now (idle, unref'd), so the first large study does not wait for one to boot. */
  warm(): void {
    while (!this.closed && this.started < this.size) {
      const worker = this.spawn(true);
      worker.unref();
      this.idle.push(worker);
    }
  }

  /** Worker threads running now. */
  get threads(): number {
    return this.started;
  }

  /** Ends the workers for good: jobs still waiting fail, and no worker is started again. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve({ failure: CLOSED });
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }

  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.started < this.size ? this.spawn(false) : undefined);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.ref();
      worker.postMessage({ id: job.id, text: job.text, options: job.options } satisfies BuildRequest);
    }
  }

  /** The next part is asked for on a later turn of the event loop, so requests waiting meanwhile go first. */
  private askForPart(worker: Worker, job: Job): void {
    setImmediate(() => {
      if (this.busy.get(worker) === job) worker.postMessage({ id: job.id, next: true } satisfies PartRequest);
    });
  }

  private spawn(warmUp: boolean): Worker {
    this.started++;
    const worker = startWorker(warmUp);
    worker.on('message', (answer: WorkerAnswer) => {
      const job = this.busy.get(worker);
      let outcome: BuildOutcome = answer as BuildOutcome;
      if ('head' in answer) {
        if (job) job.receiver = new RepertoireReceiver(answer.head);
        return job && this.askForPart(worker, job);
      }
      if ('part' in answer) {
        if (!job?.receiver) return;
        job.receiver.add(answer.part);
        if (!answer.done) return this.askForPart(worker, job);
        outcome = { value: job.receiver.result() };
      }
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      job?.resolve(outcome);
      this.pump();
    });
    let gone = false;
    const lost = (reason: string) => {
      if (gone) return;
      gone = true;
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      this.started--;
      job?.resolve({ failure: reason });
      this.pump();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`the repertoire worker stopped (exit code ${code})`));
    return worker;
  }
}
