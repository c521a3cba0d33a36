import type { FastifyInstance } from 'fastify';
import { validateFen } from '../../chess/index.js';
import { opponentPrepApi, type PrepFailure, type PrepProgress } from '@contract/opponent-prep.js';
import { runPrep } from '../opponent-prep/run-prep.js';
import { findPrep, listPreps } from '../opponent-prep/prep-store.js';
import { prepSuggestion } from '../opponent-prep/prep-suggestion.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { openEventStream } from './event-stream.js';
import { route } from './route.js';

/** Preparations one process runs at once by default. */
const MAX_RUNNING_PREPS = 4;

/**
 * Opponent preparation: POST /api/opponent-prep answers JSON when done; POST /api/opponent-prep/stream
 * runs the same preparation as text/event-stream (`progress` events, then `result` or `failure`).
 * Kept preparations are listed and reopened; a surprise's suggested answer comes from the explorer.
 */
export async function opponentPrepRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.requireUser);
  // A preparation reads thousands of games: one at a time per player, a few at once per process.
  const running = new Set<number>();
  const maxRunning = app.config.prepConcurrency ?? MAX_RUNNING_PREPS;
  /** Why a new preparation cannot start now, or null (and the player is counted in). */
  const refusal = (userId: number): { status: number; error: string } | null => {
    if (running.has(userId)) return { status: 409, error: 'Your last preparation is still running: wait for it first' };
    if (running.size >= maxRunning)
      return { status: 503, error: 'The server is preparing against other players right now: try again in a minute' };
    running.add(userId);
    return null;
  };

  route(app, opponentPrepApi.run, {}, async (request, reply) => {
    const userId = request.user!.id;
    const refused = refusal(userId);
    if (refused) return reply.code(refused.status).send({ error: refused.error });
    try {
      const outcome = await runPrep(app, userId, request.body, () => {});
      if (!outcome.ok) return reply.code(outcome.status).send({ error: outcome.error });
      return { api_data: outcome.answer };
    } finally {
      running.delete(userId);
    }
  });

  route(app, opponentPrepApi.stream, {}, async (request, reply) => {
    const userId = request.user!.id;
    const refused = refusal(userId);
    if (refused) return reply.code(refused.status).send({ error: refused.error });
    const stream = openEventStream(reply);
    const send = (event: 'progress' | 'result' | 'failure', data: unknown) => stream.send(event, data);
    try {
      const outcome = await runPrep(app, userId, request.body, (progress: PrepProgress) => send('progress', progress));
      if (outcome.ok) send('result', { api_data: outcome.answer });
      else send('failure', { status: outcome.status, error: outcome.error } satisfies PrepFailure);
    } catch (error) {
      request.log.error({ err: error }, 'opponent preparation failed');
      send('failure', { status: 500, error: 'The preparation failed on the server: try again' } satisfies PrepFailure);
    } finally {
      running.delete(userId);
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
