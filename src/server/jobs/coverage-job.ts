import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CoverageEvent } from '@contract/coverage.js';
import { coveragePositions, type Color, type Repertoire } from '../../chess/index.js';
import { runCoverageCheck, type CoverageOutcome } from '../openings/coverage-runner.js';
import {
  claimRun,
  endRun,
  endStoppedRun,
  openRun,
  reapStaleRuns,
  releaseLease,
  renewLease,
  requestStop,
  saveRunProgress,
  type RunProgress,
} from '../openings/coverage-runs-repository.js';
import type { FormBody } from '../openings/multipart-fields.js';
import { repertoireFromForm, SORRY_PREFIX } from '../openings/opening-input.js';
import { warmCoverageFigures } from '../repertoire/coverage-figures.js';
import type { StatsFilter } from '../openings/stats-key.js';
import { playerSites } from '../sites/player-sites.js';
import { busyMessage } from '../sites/site-busy.js';
import { createRunFollowers, type RunMessage } from './coverage-events.js';

/**
 * Coverage checks as jobs. Starting one opens its coverage_runs row (with the form, so any process
 * can build the repertoire again) and queues a job; whichever process takes the job claims the run's
 * lease and works, renewing the lease every few seconds and saving progress as it goes (what it looked
 * up is in the shared explorer cache, so a later attempt looks nothing up twice). Every process
 * checks for stale leases of its own job queue and queues their runs again: a dead process's run goes
 * on elsewhere within a lease and a check (about 20 s). Closing the app hands its runs back at once.
 */

export const COVERAGE_QUEUE = 'coverage_check';
/** Runs worked at once by one process; more wait in the queue. */
const CONCURRENCY = 4;
const RENEW_EVERY_MS = 5_000;
const REAP_EVERY_MS = 5_000;
/** Least time between two saves of live progress. */
const SAVE_EVERY_MS = 1_000;
/** How long a stop waits for the process working on the run to end it, before ending it itself. */
const STOP_WAIT_MS = 5_000;
const BUSY_POLL_MS = 100;

type StopReason = 'stop' | 'lost' | 'shutdown';

export interface CoverageRuns {
  /** Opens a run (replacing the player's running one of the colour), follows it, then queues it. */
  start(
    userId: number,
    rep: Repertoire,
    filter: StatsFilter,
    input: Record<string, string | string[]>,
    listener: (message: RunMessage) => void,
  ): Promise<{ run: number; unfollow: () => void }>;
  /** Hears a run's events (from whichever process works on it) until the returned function is called. */
  follow(run: number, listener: (message: RunMessage) => void): Promise<() => void>;
  /** Stops the player's running check of that colour (from any process), keeping what it found. */
  stop(userId: number, color: Color): Promise<void>;
}

/** The form fields as stored with a run: uploaded files become their text. */
export function formInput(body: FormBody): Record<string, string | string[]> {
  const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('utf8') : typeof v === 'string' ? v : undefined);
  const input: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(body ?? {})) {
    if (Array.isArray(value)) input[key] = value.map(text).filter((v): v is string => v !== undefined);
    else if (text(value) !== undefined) input[key] = text(value)!;
  }
  return input;
}

const jobKey = (run: number) => `run-${run}`;

export function createCoverageRuns(app: FastifyInstance): CoverageRuns {
  const followers = createRunFollowers(app.jobs.bus, app.log);
  const queue = (run: number) => app.jobs.send(COVERAGE_QUEUE, { run }, jobKey(run));

  app.jobs.work<{ run: number }>(COVERAGE_QUEUE, CONCURRENCY, ({ run }, closing) => workRun(run, closing));
  app.jobs.every(REAP_EVERY_MS, async () => {
    for (const run of await reapStaleRuns(app.db, app.jobs.schema)) {
      app.log.warn({ run }, 'a coverage run went quiet; it is queued again');
      await queue(run);
    }
  });

  async function workRun(run: number, closing: AbortSignal): Promise<void> {
    const token = randomUUID();
    const claim = await claimRun(app.db, run, token, app.jobs.schema);
    if (!claim) return;
    const controller = new AbortController();
    let reason: StopReason | undefined;
    const stopFor = (why: StopReason) => {
      reason ??= why;
      controller.abort();
    };
    const onClose = () => stopFor('shutdown');
    closing.addEventListener('abort', onClose);
    if (closing.aborted) stopFor('shutdown');
    if (claim.stopRequested) stopFor('stop');
    const unfollow = await followers.follow(run, (message) => {
      if (message.event === 'stop') stopFor('stop');
      else if (message.event === 'ended') stopFor('lost');
    });
    const renew = setInterval(() => {
      renewLease(app.db, run, token).then(
        (held) => (held ? held.stopRequested && stopFor('stop') : stopFor('lost')),
        (error: unknown) => app.log.error({ err: error }, 'renewing a coverage lease failed'),
      );
    }, RENEW_EVERY_MS);
    const publisher = followers.publisher(run);
    const emit = (event: CoverageEvent) => publisher.publish(event);

    // Progress is saved at most once a second, in order; the last save waits for the ones before.
    let saves = Promise.resolve();
    let lastSave = 0;
    let progress: RunProgress = { done: 0, total: 0, holes: [], settled: 0, bound: 0 };
    const save = (force = false) => {
      if (!force && Date.now() - lastSave < SAVE_EVERY_MS) return;
      lastSave = Date.now();
      const snapshot = progress;
      saves = saves
        .then(async () => {
          if (!(await saveRunProgress(app.db, run, token, snapshot))) stopFor('lost');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'saving coverage progress failed'));
    };

    let busy: NodeJS.Timeout | undefined;
    let color: Color | undefined;
    let outcome: CoverageOutcome | undefined;
    let failure: string | undefined;
    try {
      const rep = await repertoireFromForm(claim.input as FormBody, { app, userId: claim.userId });
      color = rep.color;
      const { explorer } = await playerSites(app, claim.userId, { job: true });
      // While the explorer rests after a 429 the player is told so, instead of a bar that stops moving.
      let told = 0;
      busy = setInterval(() => {
        const until = explorer.busyUntil();
        if (until === 0 || until === told) return;
        told = until;
        emit({
          event: 'status',
          data: { message: busyMessage('Lichess', until), retry_at: new Date(until).toISOString() },
        });
      }, BUSY_POLL_MS);
      outcome = await runCoverageCheck(
        app,
        explorer,
        rep,
        { speeds: claim.speeds, ratings: claim.ratings },
        {
          progress: (p) => emit({ event: 'progress', data: p }),
          holes: (s) =>
            emit({ event: 'holes', data: { holes: s.holes, settled: s.settled, bound: s.bound, done: s.done } }),
          step: (s) => {
            progress = { done: s.done, total: s.total, holes: s.holes, settled: s.settled, bound: s.bound };
            save();
          },
        },
        controller.signal,
      );
    } catch (error) {
      app.log.error({ err: error }, 'coverage check failed');
      failure = `${SORRY_PREFIX}${error instanceof Error ? error.message : String(error)}`;
    } finally {
      clearInterval(renew);
      clearInterval(busy);
      closing.removeEventListener('abort', onClose);
      unfollow();
    }
    await publisher.flush();
    if (reason === 'lost') return;
    if (reason === 'shutdown') {
      save(true);
      await saves;
      // Back to the queue at once: another process (or this one, restarted) resumes from the cache.
      if (await releaseLease(app.db, run, token)) await queue(run);
      return;
    }
    await saves;
    const snapshot = outcome?.snapshot ?? { ...progress };
    const status = failure || outcome!.status === 'failed' ? 'failed' : 'done';
    const ended = await endRun(app.db, run, token, {
      status,
      results: failure ?? outcome!.results,
      report: outcome?.report ?? [],
      holes: outcome?.holes ?? progress.holes,
      done: snapshot.done,
      total: snapshot.total,
      settled: snapshot.settled,
      bound: snapshot.bound,
    });
    // The coverage goal's figures are ready when the page that waited for the check asks for them.
    if (ended && status === 'done' && color)
      await warmCoverageFigures(app, claim.userId, color, outcome?.stats).catch((error: unknown) =>
        app.log.error({ err: error }, 'working out the coverage figures failed'),
      );
    if (ended) await followers.send(run, { event: 'ended' });
  }

  return {
    follow: (run, listener) => followers.follow(run, listener),
    async start(userId, rep, filter, input, listener) {
      const total = coveragePositions(rep).length;
      const { id, replaced } = await openRun(app.db, userId, rep.color, filter, total, input, app.jobs.schema);
      // The replaced runs' streams end, and whoever works on them stops.
      for (const old of replaced) await followers.send(old, { event: 'ended' });
      const unfollow = await followers.follow(id, listener);
      await queue(id);
      return { run: id, unfollow };
    },
    async stop(userId, color) {
      const runs = await requestStop(app.db, userId, color);
      await Promise.all(
        runs.map(async (run) => {
          let ended = false;
          let wake = () => {};
          const over = new Promise<void>((resolve) => (wake = resolve));
          const unfollow = await followers.follow(run, (message) => {
            if (message.event !== 'ended') return;
            ended = true;
            wake();
          });
          const timer = setTimeout(wake, STOP_WAIT_MS);
          try {
            await followers.send(run, { event: 'stop' });
            await over;
            // No process was working on it (queued, or waiting for a takeover): ended here.
            if (!ended && (await endStoppedRun(app.db, run))) await followers.send(run, { event: 'ended' });
          } finally {
            clearTimeout(timer);
            unfollow();
          }
        }),
      );
    },
  };
}
