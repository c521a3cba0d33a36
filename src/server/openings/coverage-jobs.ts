import type { FastifyBaseLogger } from 'fastify';
import { coveragePositions, type Color, type Repertoire } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import type { ExplorerClient } from '../sites/explorer.js';
import { runCoverageCheck, type CoverageOutcome } from './coverage-runner.js';
import {
  HEARTBEAT_EVERY_MS,
  REPLACED_MESSAGE,
  SHUTDOWN_MESSAGE,
  beatRun,
  endRun,
  openRun,
  saveRunProgress,
  stopRunRows,
  type RunProgress,
} from './coverage-runs-repository.js';
import { SORRY_PREFIX } from './opening-input.js';
import type { StatsFilter } from './stats-key.js';

/**
 * The coverage checks this process is running. A check belongs to the player, not to the request
 * that started it: the stream's client may go away and the check goes on, saving its progress in
 * coverage_runs. One check per player and colour: starting another replaces it. Closing the app
 * stops every check cleanly (what was fetched stays cached; the next run resumes from there).
 */

export type CoverageEvent =
  | { event: 'progress'; data: { done: number; total: number } }
  | { event: 'holes'; data: { holes: unknown[]; settled: number; bound: number; done: number } }
  | { event: 'result'; data: { results: string; report: unknown[]; holes: unknown[] } }
  /** The explorer rests after a 429: the player is told when it retries. */
  | { event: 'status'; data: { message: string; retry_at: string } };

type StopReason = 'stop' | 'replaced' | 'shutdown' | 'ended-elsewhere';

/** Least time between two saves of live progress. */
const SAVE_EVERY_MS = 1_000;

export interface CoverageJob {
  /** coverage_runs id. */
  id: number;
  /** Adds a listener; returns the function that removes it. */
  listen(listener: (event: CoverageEvent) => void): () => void;
  /** Settles when the check has ended and its row is saved. */
  finished: Promise<void>;
}

interface RunningJob extends CoverageJob {
  stop(reason: StopReason): void;
}

export class CoverageJobs {
  private readonly running = new Map<string, RunningJob>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts a check (replacing the player's running one of that colour). The first listener hears every event. */
  async start(
    userId: number,
    rep: Repertoire,
    filter: StatsFilter,
    explorer: ExplorerClient,
    listener: (event: CoverageEvent) => void,
  ): Promise<CoverageJob> {
    const color = rep.color;
    const slot = `${userId}:${color}`;
    this.running.get(slot)?.stop('replaced');
    const id = await openRun(this.db, userId, color, filter, coveragePositions(rep).length);
    const listeners = new Set([listener]);
    const emit = (event: CoverageEvent) => {
      for (const l of listeners) l(event);
    };
    const controller = new AbortController();
    let reason: StopReason | undefined;
    const stop = (why: StopReason) => {
      reason ??= why;
      controller.abort();
    };

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
          if (!(await saveRunProgress(this.db, id, snapshot))) stop('ended-elsewhere');
        })
        .catch((error) => this.log.error({ err: error }, 'saving coverage progress failed'));
    };
    const heartbeat = setInterval(() => {
      saves = saves
        .then(async () => {
          if (!(await beatRun(this.db, id))) stop('ended-elsewhere');
        })
        .catch((error) => this.log.error({ err: error }, 'coverage heartbeat failed'));
    }, HEARTBEAT_EVERY_MS);

    const work = async () => {
      let outcome: CoverageOutcome | undefined;
      let failure: string | undefined;
      try {
        outcome = await runCoverageCheck(
          this.db,
          explorer,
          rep,
          filter,
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
        this.log.error({ err: error }, 'coverage check failed');
        failure = `${SORRY_PREFIX}${error instanceof Error ? error.message : String(error)}`;
      }
      clearInterval(heartbeat);
      await saves;
      const snapshot = outcome?.snapshot ?? { ...progress };
      let results = failure ?? outcome!.results;
      let status: 'done' | 'failed' = failure || outcome!.status === 'failed' ? 'failed' : 'done';
      if (reason === 'replaced' || reason === 'shutdown') {
        status = 'failed';
        results = reason === 'replaced' ? REPLACED_MESSAGE : SHUTDOWN_MESSAGE;
      }
      const holes = outcome?.holes ?? progress.holes;
      const report = outcome?.report ?? [];
      await endRun(this.db, id, {
        status,
        results,
        report,
        holes,
        done: snapshot.done,
        total: snapshot.total,
        settled: snapshot.settled,
        bound: snapshot.bound,
      }).catch((error) => this.log.error({ err: error }, 'saving the coverage result failed'));
      emit({ event: 'result', data: { results, report, holes } });
    };

    const job: RunningJob = {
      id,
      listen: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      stop,
      finished: Promise.resolve(),
    };
    job.finished = work().finally(() => {
      if (this.running.get(slot) === job) this.running.delete(slot);
    });
    this.running.set(slot, job);
    return job;
  }

  /** Stops the player's running check of that colour, keeping what it found. */
  async stop(userId: number, color: Color): Promise<void> {
    const job = this.running.get(`${userId}:${color}`);
    if (job) {
      job.stop('stop');
      await job.finished;
    } else {
      await stopRunRows(this.db, userId, color);
    }
  }

  /** Stops every running check (app shutdown) and waits until each has saved its end. */
  async closeAll(): Promise<void> {
    const jobs = [...this.running.values()];
    for (const job of jobs) job.stop('shutdown');
    await Promise.all(jobs.map((job) => job.finished));
  }
}
