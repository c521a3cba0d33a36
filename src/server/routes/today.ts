// Today (what to train now), Progress (what is coming, how it went) and the player's own schedule.
// Counts are in the player's time zone, sent by the browser as ?tz= (UTC without it).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { todayApi } from '@contract/today.js';
import { playerTimeZone } from '../today/day-bounds.js';
import { runningChecks } from '../today/new-games.js';
import { claimOptimisation, releaseOptimisation } from '../today/optimise-claims.js';
import { resetScheduler, schedulerState } from '../today/optimise-schedule.js';
import { createOptimiseTask, OPTIMISE_CONCURRENCY } from '../today/optimise-task.js';
import { progressFigures } from '../today/progress-figures.js';
import { todayFigures } from '../today/today-figures.js';
import { route } from './route.js';

export async function todayRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.requireUser);
  // Background game fetches end before the app (and its database) closes.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...runningChecks(app)]);
  });
  const cooldownMs = app.config.optimiseCooldownMs ?? 60 * 60_000;
  const concurrency = app.config.optimiseConcurrency ?? OPTIMISE_CONCURRENCY;
  const fits = createOptimiseTask(app);
  /** Fits this process waits on. */
  let fitting = 0;

  route(app, todayApi.today, {}, async (request) => {
    const timeZone = playerTimeZone(request.query.tz);
    const user = request.user!;
    const names = { lichess: user.username_lichess, chesscom: user.username_chess_dot_com };
    return { api_data: await todayFigures(app, user.id, names, new Date(), timeZone) };
  });

  route(app, todayApi.progress, {}, async (request) => {
    const timeZone = playerTimeZone(request.query.tz);
    return { api_data: await progressFigures(app.db, request.user!.id, new Date(), timeZone) };
  });

  route(app, todayApi.scheduler, {}, async (request) => ({
    api_data: await schedulerState(app.db, request.user!.id),
  }));

  route(app, todayApi.optimiseScheduler, {}, async (request, reply) => {
    const userId = request.user!.id;
    if (fitting >= concurrency) {
      return reply
        .code(503)
        .header('retry-after', '60')
        .send({ error: "Other players' schedules are being optimised right now: try again in a minute" });
    }
    // The slot is taken before any await, so requests arriving together cannot all pass the check.
    fitting += 1;
    try {
      return await optimiseOnce(userId, reply);
    } finally {
      fitting -= 1;
    }
  });

  async function optimiseOnce(userId: number, reply: FastifyReply) {
    const claim = await claimOptimisation(app.db, userId, cooldownMs);
    if (!claim.ok && claim.running) return reply.code(409).send({ error: 'Your schedule is already being optimised' });
    if (!claim.ok) {
      const ago = minutes(Date.now() - claim.lastAt.getTime());
      return reply
        .code(429)
        .header('retry-after', String(Math.ceil(claim.retryInMs / 1000)))
        .send({
          error:
            `Your schedule was optimised ${ago === 0 ? 'just now' : `${ago} min ago`}: ` +
            `you can optimise again in ${Math.max(1, minutes(claim.retryInMs))} min ` +
            `(once every ${minutes(cooldownMs)} min at most)`,
        });
    }
    // The fit runs as a background task (on whichever process takes it), which ends the claim.
    const run = await fits.open(userId, {}).catch(async (error: unknown) => {
      await releaseOptimisation(app.db, userId);
      throw error;
    });
    if (run === 'running') return reply.code(409).send({ error: 'Your schedule is already being optimised' });
    const ended = await run.outcome();
    if (!ended.ok)
      return reply.code(503).send({ error: 'The server is restarting: your schedule is still being optimised' });
    if (!ended.outcome.ok) return reply.code(400).send({ error: ended.outcome.message });
    return { api_data: await schedulerState(app.db, userId) };
  }

  route(app, todayApi.resetScheduler, {}, async (request) => {
    const userId = request.user!.id;
    await resetScheduler(app.db, userId);
    return { api_data: await schedulerState(app.db, userId) };
  });
}

const minutes = (ms: number) => Math.round(ms / 60_000);
