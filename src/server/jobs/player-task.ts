import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  claimTask,
  endTask,
  handBackTask,
  openTask,
  readTask,
  reapStaleTasks,
  renewTask,
  saveTask,
} from './player-tasks-repository.js';

/**
 * A player's one-at-a-time background task (a preparation, a schedule fit) as a job: starting one opens
 * the player's player_tasks row and queues a job; whichever process takes the job claims the row,
 * renews its claim every few seconds and tells progress through the database's notifications, so the
 * request waiting for it may sit on any process. A run whose process died is queued again by any
 * process of its job queue (within about half a minute) and runs again from its input and what the
 * run last saved (`checkpoint`); closing the app hands its runs back at once. The outcome is kept in the row: the waiting request reads it there.
 *
 *   const fits = createPlayerTask(app, { kind: 'optimise', concurrency: 1, run, failed });
 *   const run = await fits.open(userId, {});   // 'running' while their last one is not over
 *   const ended = run === 'running' ? ... : await run.outcome((progress) => ...);
 */

export interface TaskContext<P, S = never> {
  /** Tells progress to whoever follows the run; throws once the run must stop (shutdown, taken over). */
  progress(progress: P): void;
  /** What an earlier attempt of this run saved; undefined on a first attempt. */
  saved: S | undefined;
  /** Keeps what the run has done, so that an attempt taking it over goes on from there. */
  checkpoint(state: S): Promise<void>;
  /** Aborted when the run must stop. */
  signal: AbortSignal;
}

export interface TaskSpec<I, P, O, S = never> {
  /** The row's kind and the job queue's name suffix. */
  kind: string;
  /** Runs of this kind worked at once by one process; more wait in the queue. */
  concurrency: number;
  run(userId: number, input: I, context: TaskContext<P, S>): Promise<O>;
  /** The outcome of a run that threw. */
  failed(error: unknown): O;
}

export type TaskEnd<O> =
  | { ok: true; outcome: O }
  /** The app closed while the request waited; the run goes on elsewhere. */
  | { ok: false; reason: 'closing' };

export interface TaskRun<P, O> {
  /** Waits for the run's outcome, telling its progress (that heard so far first). */
  outcome(onProgress?: (progress: P) => void): Promise<TaskEnd<O>>;
}

export interface PlayerTask<I, P, O> {
  /** Opens and queues the player's run; 'running' while their last one is not over. */
  open(userId: number, input: I): Promise<TaskRun<P, O> | 'running'>;
}

type Message<P> = { event: 'progress'; progress: P } | { event: 'ended' };

interface Envelope<P> {
  u: number;
  r: string;
  m: Message<P>;
}

const RENEW_EVERY_MS = 5_000;
const REAP_EVERY_MS = 5_000;
/** The waiting request reads the row this often too, in case a notification was missed. */
const POLL_MS = 2_000;

class RunStopped extends Error {}

export function createPlayerTask<I, P, O, S = never>(
  app: FastifyInstance,
  spec: TaskSpec<I, P, O, S>,
): PlayerTask<I, P, O> {
  const { kind } = spec;
  const queueName = `player_${kind}`;
  const channel = `player_${kind}_runs`;
  const listeners = new Map<string, Set<(message: Message<P>) => void>>();
  let listening: Promise<unknown> | undefined;

  const notify = (userId: number, run: string, m: Message<P>) =>
    app.jobs.bus.notify(channel, JSON.stringify({ u: userId, r: run, m } satisfies Envelope<P>));
  const follow = async (run: string, listener: (m: Message<P>) => void) => {
    listening ??= app.jobs.bus.listen(channel, (payload) => {
      const { r, m } = JSON.parse(payload) as Envelope<P>;
      for (const heard of listeners.get(r) ?? []) heard(m);
    });
    await listening;
    const set = listeners.get(run) ?? new Set();
    listeners.set(run, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(run);
    };
  };
  const queue = (userId: number) => app.jobs.send(queueName, { userId }, `${kind}-${userId}`);

  app.jobs.work<{ userId: number }>(queueName, spec.concurrency, ({ userId }, closing) => work(userId, closing));
  app.jobs.every(REAP_EVERY_MS, async () => {
    for (const userId of await reapStaleTasks(app.db, kind, app.jobs.schema)) {
      app.log.warn({ userId, kind }, 'a background task went quiet; it is queued again');
      await queue(userId);
    }
  });

  async function work(userId: number, closing: AbortSignal): Promise<void> {
    const token = randomUUID();
    const claim = await claimTask(app.db, userId, kind, token, app.jobs.schema);
    if (!claim) return;
    const { run } = claim;
    const stopper = new AbortController();
    const stop = () => stopper.abort();
    closing.addEventListener('abort', stop);
    let latest: P | undefined;
    const beat = setInterval(() => {
      renewTask(app.db, userId, kind, token, latest ?? null).then(
        (held) => !held && stop(),
        (error: unknown) => app.log.error({ err: error }, 'a background task could not renew its claim'),
      );
    }, RENEW_EVERY_MS);
    const context: TaskContext<P, S> = {
      signal: stopper.signal,
      saved: (claim.saved ?? undefined) as S | undefined,
      async checkpoint(state) {
        if (stopper.signal.aborted) throw new RunStopped();
        if (!(await saveTask(app.db, userId, kind, token, state))) {
          stop();
          throw new RunStopped();
        }
      },
      progress(progress) {
        if (stopper.signal.aborted) throw new RunStopped();
        latest = progress;
        // Each is told (a task tells a few a second at most); this process sends them in order.
        notify(userId, run, { event: 'progress', progress }).catch((error: unknown) =>
          app.log.error({ err: error }, 'a progress notification was not sent'),
        );
      },
    };
    let outcome: O;
    try {
      const stopped = new Promise<never>((_, reject) =>
        stopper.signal.addEventListener('abort', () => reject(new RunStopped())),
      );
      stopped.catch(() => undefined);
      const running = spec.run(userId, claim.input as I, context);
      running.catch(() => undefined);
      outcome = await Promise.race([running, stopped]);
    } catch (error) {
      if (stopper.signal.aborted) {
        // Back to the queue at once on a clean shutdown; a run taken over is the other attempt's now.
        if (closing.aborted && (await handBackTask(app.db, userId, kind, token))) await queue(userId);
        return;
      }
      app.log.error({ err: error, userId, kind }, 'a background task failed');
      outcome = spec.failed(error);
    } finally {
      clearInterval(beat);
      closing.removeEventListener('abort', stop);
    }
    if (await endTask(app.db, userId, kind, token, outcome)) await notify(userId, run, { event: 'ended' });
  }

  return {
    async open(userId, input) {
      const run = randomUUID();
      const heard: P[] = [];
      let onProgress: (progress: P) => void = (progress) => heard.push(progress);
      let ended = false;
      let wake: () => void = () => {};
      // Followed before it is opened: no message of the run can be missed.
      const unfollow = await follow(run, (m) => {
        if (m.event === 'progress') onProgress(m.progress);
        else {
          ended = true;
          wake();
        }
      });
      try {
        if (!(await openTask(app.db, userId, kind, run, input, app.jobs.schema))) {
          unfollow();
          return 'running';
        }
        // Left unqueued, the run is queued again by the next look for quiet runs.
        await queue(userId);
      } catch (error) {
        unfollow();
        throw error;
      }
      return {
        async outcome(tell) {
          onProgress = tell ?? (() => {});
          for (const progress of heard.splice(0)) onProgress(progress);
          const closing = app.jobs.closing;
          try {
            for (;;) {
              if (!ended)
                await new Promise<void>((resolve) => {
                  const timer = setTimeout(done, POLL_MS);
                  function done() {
                    clearTimeout(timer);
                    closing.removeEventListener('abort', done);
                    resolve();
                  }
                  wake = done;
                  closing.addEventListener('abort', done);
                });
              if (closing.aborted) return { ok: false, reason: 'closing' };
              ended = false;
              const row = await readTask(app.db, userId, kind);
              // A row holding another run means this one ended and a newer one replaced it.
              if (!row || row.run !== run) return { ok: true, outcome: spec.failed(new Error('the run was replaced')) };
              if (row.status === 'ended') return { ok: true, outcome: row.outcome as O };
            }
          } finally {
            unfollow();
          }
        },
      };
    },
  };
}
