import type { FastifyInstance } from 'fastify';
import { validateFen } from '../../chess/index.js';
import {
  opponentPrepApi,
  type PrepAnswer,
  type PrepFailure,
  type PrepProgress,
  type PrepRequest,
} from '@contract/opponent-prep.js';
import type { TaskRun } from '../jobs/player-task.js';
import { createPrepTask, PREP_CONCURRENCY, type PrepTaskOutcome } from '../opponent-prep/prep-task.js';
import { findPrep, listPreps } from '../opponent-prep/prep-store.js';
import { prepSuggestion } from '../opponent-prep/prep-suggestion.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { openEventStream } from './event-stream.js';
import { route } from './route.js';

/**
 * Opponent preparation: POST /api/opponent-prep answers JSON when done; POST /api/opponent-prep/stream
 * runs the same preparation as text/event-stream (`progress` events, then `result` or `failure`).
 * Either runs it as a background task (prep-task.ts) on whichever process takes it, and waits for it.
 * Kept preparations are listed and reopened; a surprise's suggested answer comes from the explorer.
 */
export async function opponentPrepRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.requireUser);
  const preps = createPrepTask(app);
  // A preparation reads thousands of games: one at a time per player (the task's row), and a process
  // waits on a few at once.
  const maxWaiting = app.config.prepConcurrency ?? PREP_CONCURRENCY;
  // The players with one opening or running here, one place each: a second of theirs is a 409 before it
  // takes a place (six at once of one player took the process's four, and another player's answered 503).
  const playersIn = new Set<number>();

  const busy = { status: 503, error: 'The server is preparing against other players right now: try again in a minute' };
  const running = { status: 409, error: 'Your last preparation is still running: wait for it first' };

  /** Opens the player's preparation, or answers why it cannot start now (before any stream opens). */
  async function open(userId: number, input: PrepRequest) {
    if (playersIn.has(userId)) return running;
    if (playersIn.size >= maxWaiting) return busy;
    // Counted before any await, so requests arriving together cannot all pass the check.
    playersIn.add(userId);
    const run = await preps.open(userId, input).catch((error: unknown) => {
      leave(userId);
      throw error;
    });
    if (run === 'running') leave(userId);
    return run === 'running' ? running : run;
  }

  /** A preparation of the player's that opened here is over (or never started). */
  function leave(userId: number): void {
    playersIn.delete(userId);
  }

  /** Waits for the preparation; answers the kept one or the failure the request answers. */
  async function finish(
    userId: number,
    run: TaskRun<PrepProgress, PrepTaskOutcome>,
    onProgress: (progress: PrepProgress) => void,
  ): Promise<{ ok: true; answer: PrepAnswer } | (PrepFailure & { ok: false })> {
    try {
      const ended = await run.outcome(onProgress);
      if (!ended.ok)
        return {
          ok: false,
          status: 503,
          error: 'The server is restarting: your preparation goes on and will be listed under Recent',
        };
      if (!ended.outcome.ok) return ended.outcome;
      const answer = await findPrep(app.db, userId, ended.outcome.id);
      if (!answer)
        return { ok: false, status: 500, error: 'The preparation was replaced before it could be shown: try again' };
      return { ok: true, answer };
    } finally {
      leave(userId);
    }
  }

  route(app, opponentPrepApi.run, {}, async (request, reply) => {
    const userId = request.user!.id;
    const run = await open(userId, request.body);
    if ('error' in run) return reply.code(run.status).send({ error: run.error });
    const outcome = await finish(userId, run, () => {});
    if (!outcome.ok) return reply.code(outcome.status).send({ error: outcome.error });
    return { api_data: outcome.answer };
  });

  route(app, opponentPrepApi.stream, {}, async (request, reply) => {
    const userId = request.user!.id;
    const run = await open(userId, request.body);
    if ('error' in run) return reply.code(run.status).send({ error: run.error });
    const stream = openEventStream(reply);
    try {
      const outcome = await finish(userId, run, (progress) => stream.send('progress', progress));
      if (outcome.ok) stream.send('result', { api_data: outcome.answer });
      else stream.send('failure', { status: outcome.status, error: outcome.error } satisfies PrepFailure);
    } catch (error) {
      request.log.error({ err: error }, 'opponent preparation failed');
      stream.send('failure', {
        status: 500,
        error: 'The preparation failed on the server: try again',
      } satisfies PrepFailure);
    } finally {
      stream.end();
    }
  });

  route(app, opponentPrepApi.recent, {}, async (request) => ({ api_data: await listPreps(app.db, request.user!.id) }));

  route(app, opponentPrepApi.suggestion, {}, async (request) => {
    const valid = validateFen(request.query.fen);
    if (valid.isErr) throw new BadRequestError(valid.error.message);
    return { api_data: await prepSuggestion(app, request.user!.id, request.query.color, request.query.fen) };
  });

  route(app, opponentPrepApi.prep, {}, async (request, reply) => {
    const prep = await findPrep(app.db, request.user!.id, request.params.id);
    if (!prep) return reply.code(404).send({ error: `No kept preparation with id ${request.params.id}` });
    return { api_data: prep };
  });
}
