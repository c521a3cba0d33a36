import type { FastifyInstance } from 'fastify';
import type { PrepProgress, PrepRequest } from '@contract/opponent-prep.js';
import { createPlayerTask, type PlayerTask } from '../jobs/player-task.js';
import { runPrep } from './run-prep.js';

/**
 * Preparations as background tasks: one at a time per player, on whichever process takes the job. The
 * fetched games are saved with the run, so a run taken over from a dead process only compares them.
 */

/** Preparations one process runs at once by default. */
export const PREP_CONCURRENCY = 4;

/** How a preparation ended: the id of the kept one, or the status and message the request answers. */
export type PrepTaskOutcome = { ok: true; id: number } | { ok: false; status: 400 | 404 | 500 | 502; error: string };

export type PrepTask = PlayerTask<PrepRequest, PrepProgress, PrepTaskOutcome>;

export function createPrepTask(app: FastifyInstance): PrepTask {
  return createPlayerTask<PrepRequest, PrepProgress, PrepTaskOutcome, { pgns: string[] }>(app, {
    kind: 'prep',
    concurrency: app.config.prepConcurrency ?? PREP_CONCURRENCY,
    async run(userId, input, { progress, saved, checkpoint }) {
      const outcome = await runPrep(app, userId, input, progress, new Date(), {
        fetched: saved?.pgns,
        keepFetched: (pgns) => checkpoint({ pgns }),
      });
      return outcome.ok ? { ok: true, id: outcome.answer.id } : outcome;
    },
    failed: () => ({ ok: false, status: 500, error: 'The preparation failed on the server: try again' }),
  });
}
