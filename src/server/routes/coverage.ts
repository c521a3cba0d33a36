import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coverageCheckForm, coverageColorQuery, coverageStopRequest } from '@contract/coverage.js';
import { CoverageJobs, type CoverageEvent } from '../openings/coverage-jobs.js';
import { latestRun, type CoverageRunView } from '../openings/coverage-runs-repository.js';
import type { Db } from '../db/client.js';
import { markNeeded, readGoal } from '../repertoire/coverage-goal-store.js';
import { fieldList } from '../openings/multipart-fields.js';
import { repertoireFromForm, SORRY_PREFIX } from '../openings/opening-input.js';
import { requireStatsFilter } from '../openings/stats-key.js';
import { playerSites } from '../sites/player-sites.js';
import { busyMessage } from '../sites/site-busy.js';

/**
 * The coverage check, streamed as server-sent events: `progress` {done,total} and `holes`
 * {holes,settled,bound,done} as it goes, `status` while the explorer rests, then one `result`. A check
 * belongs to the player, not to the connection: coverage/latest reads the latest one of a colour
 * (running or ended) and coverage/stop ends it.
 */

/** A comment line this often keeps proxies from closing a stream that waits out a 429 pause. */
const HEARTBEAT_MS = 15_000;
const BUSY_POLL_MS = 100;

export async function coverageRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  const jobs = new CoverageJobs(app.db, app.log);
  // Closing the app ends running checks cleanly, each saving where it stopped. preClose runs before
  // the server waits for open requests, and a check's stream is one of them.
  app.addHook('preClose', () => jobs.closeAll());

  app.post('/coverage_check', { ...auth, schema: { body: coverageCheckForm } }, async (request, reply) => {
    const { body } = request;
    // Bad input is answered as JSON before the stream starts.
    const rep = await repertoireFromForm(body, { app, userId: request.user!.id });
    const filter = requireStatsFilter(fieldList(body, 'speeds'), fieldList(body, 'ratings'));
    const userId = request.user!.id;
    const { explorer } = await playerSites(app, userId);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = ({ event, data }: CoverageEvent) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // A 429 pauses the explorer for a minute: comments keep proxies from closing the quiet stream.
    const heartbeat = setInterval(() => !raw.writableEnded && raw.write(': waiting\n\n'), HEARTBEAT_MS);
    // While the explorer rests the player is told so, instead of a bar that silently stops moving.
    let toldUntil = 0;
    const busy = setInterval(() => {
      const until = explorer.busyUntil();
      if (until === 0 || until === toldUntil) return;
      toldUntil = until;
      send({
        event: 'status',
        data: { message: busyMessage('Lichess', until), retry_at: new Date(until).toISOString() },
      });
    }, BUSY_POLL_MS);
    try {
      // The check belongs to the player: a client that goes away only stops listening.
      const job = await jobs.start(userId, rep, filter, explorer, send);
      await job.finished;
    } catch (error) {
      request.log.error({ err: error }, 'coverage check failed');
      const message = error instanceof Error ? error.message : String(error);
      send({ event: 'result', data: { results: `${SORRY_PREFIX}${message}`, report: [], holes: [] } });
    } finally {
      clearInterval(heartbeat);
      clearInterval(busy);
      raw.end();
    }
  });

  app.get('/coverage/latest', { ...auth, schema: { querystring: coverageColorQuery } }, async (request) => {
    const { color } = request.query;
    return { api_data: await withGoal(app.db, request.user!.id, await latestRun(app.db, request.user!.id, color)) };
  });

  app.post('/coverage/stop', { ...auth, schema: { body: coverageStopRequest } }, async (request) => {
    const { color } = request.body;
    await jobs.stop(request.user!.id, color);
    return { api_data: await withGoal(app.db, request.user!.id, await latestRun(app.db, request.user!.id, color)) };
  });
}

/** The run's holes marked needed or optional by the colour's goal, with the goal. */
async function withGoal(db: Db, userId: number, run: CoverageRunView | null) {
  if (!run) return null;
  const { goal } = await readGoal(db, userId, run.color);
  return { ...run, goal, holes: markNeeded(run.holes, goal) };
}
