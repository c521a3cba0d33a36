// Today (what to train now), Progress (what is coming, how it went) and the player's own schedule.
// Counts are in the player's time zone, sent by the browser as ?tz= (UTC without it).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noBody } from '@contract/common.js';
import { tzQuery } from '@contract/today.js';
import { playerTimeZone } from '../today/day-bounds.js';
import { runningChecks } from '../today/new-games.js';
import { optimiseSchedule, resetScheduler, schedulerState } from '../today/optimise-schedule.js';
import { progressFigures } from '../today/progress-figures.js';
import { todayFigures } from '../today/today-figures.js';

export async function todayRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.requireUser);
  // Background game fetches end before the app (and its database) closes.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...runningChecks(app)]);
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /** Players optimising right now in this process: one fit at a time each. */
  const optimising = new Set<number>();

  routes.get('/today', { schema: { querystring: tzQuery } }, async (request) => {
    const timeZone = playerTimeZone(request.query.tz);
    const user = request.user!;
    const names = { lichess: user.username_lichess, chesscom: user.username_chess_dot_com };
    return { api_data: await todayFigures(app, user.id, names, new Date(), timeZone) };
  });

  routes.get('/progress', { schema: { querystring: tzQuery } }, async (request) => {
    const timeZone = playerTimeZone(request.query.tz);
    return { api_data: await progressFigures(app.db, request.user!.id, new Date(), timeZone) };
  });

  routes.get('/scheduler', async (request) => ({ api_data: await schedulerState(app.db, request.user!.id) }));

  routes.post('/scheduler/optimise', { schema: { body: noBody } }, async (request, reply) => {
    const userId = request.user!.id;
    if (optimising.has(userId)) return reply.code(409).send({ error: 'Your schedule is already being optimised' });
    optimising.add(userId);
    try {
      const outcome = await optimiseSchedule(app.db, userId);
      if (!outcome.ok) return reply.code(400).send({ error: outcome.message });
      return { api_data: outcome.answer };
    } finally {
      optimising.delete(userId);
    }
  });

  routes.post('/scheduler/reset', { schema: { body: noBody } }, async (request) => {
    const userId = request.user!.id;
    await resetScheduler(app.db, userId);
    return { api_data: await schedulerState(app.db, userId) };
  });
}
