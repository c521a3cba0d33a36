import type { FastifyInstance } from 'fastify';
import { createPlayerTask, type PlayerTask } from '../jobs/player-task.js';
import { finishOptimisation, releaseOptimisation } from './optimise-claims.js';
import { fitPlayerSchedule, keepFittedSchedule, type FittedSchedule } from './optimise-schedule.js';

/**
 * "Optimise my schedule" as a background task: the fit runs on whichever process takes the job (in a
 * worker thread there), and a run whose process died runs again elsewhere. The cooldown's claim was
 * taken by the request; the run ends it: kept on new weights, given back when nothing changed.
 */

/** Fits one process runs at once by default (each takes a core for seconds). */
export const OPTIMISE_CONCURRENCY = 1;

export type OptimiseTaskOutcome = { ok: true } | { ok: false; message: string };

export type OptimiseTask = PlayerTask<Record<string, never>, never, OptimiseTaskOutcome>;

export function createOptimiseTask(app: FastifyInstance): OptimiseTask {
  return createPlayerTask<Record<string, never>, never, OptimiseTaskOutcome, FittedSchedule>(app, {
    kind: 'optimise',
    concurrency: app.config.optimiseConcurrency ?? OPTIMISE_CONCURRENCY,
    async run(userId, _input, { saved, checkpoint }) {
      try {
        // The fit is one call of the optimizer, seconds long: saved once made, so a run taken over after
        // it only keeps it.
        const fitted = saved ?? (await fitPlayerSchedule(app.db, userId));
        if (!fitted.ok) {
          await releaseOptimisation(app.db, userId);
          return { ok: false, message: fitted.message };
        }
        if (!saved) await checkpoint(fitted);
        await keepFittedSchedule(app.db, userId, fitted);
        await finishOptimisation(app.db, userId);
        return { ok: true };
      } catch (error) {
        await releaseOptimisation(app.db, userId);
        throw error;
      }
    },
    failed: () => ({ ok: false, message: 'Optimising failed on the server: nothing was changed.' }),
  });
}
