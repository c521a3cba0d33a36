import type { FastifyInstance, FastifyReply } from 'fastify';
import { coverageApi, type CoverageEvent } from '@contract/coverage.js';
import { latestRun, latestRunId, readRunEnd, type CoverageRunView } from '../openings/coverage-runs-repository.js';
import { createCoverageRuns, formInput } from '../jobs/coverage-job.js';
import type { RunMessage } from '../jobs/coverage-events.js';
import { markNeeded, readGoal } from '../repertoire/coverage-goal-store.js';
import { markAnswered } from '../repertoire/answered-holes.js';
import { fieldList } from '../openings/multipart-fields.js';
import { repertoireFromForm, SORRY_PREFIX } from '../openings/opening-input.js';
import { requireStatsFilter } from '../openings/stats-key.js';
import { openEventStream } from './event-stream.js';
import { route } from './route.js';

/**
 * The coverage check, streamed as server-sent events: `progress` {done,total} and `holes`
 * {holes,settled,bound,done} as it goes, `status` while the explorer rests, then one `result`. A check
 * belongs to the player, not to the connection or the process: it runs as a job (jobs/coverage-job.ts)
 * on whichever process takes it up, and its events reach the stream through the database's
 * notifications. coverage/latest reads the latest one of a colour (running or ended) and coverage/stop
 * ends it, from any process.
 */

export async function coverageRoutes(app: FastifyInstance): Promise<void> {
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  const runs = createCoverageRuns(app);

  /**
   * Streams one run's events until its end, then its `result` from the row. `open` follows the run
   * (before it can end) and returns its id. A client that goes away, or this process closing, only
   * ends the stream: the run goes on.
   */
  async function streamRun(
    reply: FastifyReply,
    open: (listener: (message: RunMessage) => void) => Promise<{ run: number; unfollow: () => void }>,
  ): Promise<void> {
    const stream = openEventStream(reply, { closing: app.jobs.closing });
    const send = ({ event, data }: CoverageEvent) => stream.send(event, data);
    // True when the run ended; false when the client left or this process closes (the run goes on).
    let finish = () => {};
    const over = Promise.race([
      new Promise<boolean>((resolve) => (finish = () => resolve(true))),
      stream.left.then(() => false),
    ]);
    let unfollow = () => {};
    try {
      const followed = await open((message) => {
        if (message.event === 'ended') finish();
        else if (message.event !== 'stop') send(message);
      });
      unfollow = followed.unfollow;
      if (await over) {
        const end = await readRunEnd(app.db, followed.run);
        if (end) send({ event: 'result', data: { results: end.results, report: end.report, holes: end.holes } });
      }
    } catch (error) {
      app.log.error({ err: error }, 'coverage check failed');
      const message = error instanceof Error ? error.message : String(error);
      send({ event: 'result', data: { results: `${SORRY_PREFIX}${message}`, report: [], holes: [] } });
    } finally {
      unfollow();
      stream.end();
    }
  }

  route(app, coverageApi.check, auth, async (request, reply) => {
    const { body } = request;
    // Bad input is answered as JSON before the stream starts.
    const rep = await repertoireFromForm(body, { app, userId: request.user!.id });
    const filter = requireStatsFilter(fieldList(body, 'speeds'), fieldList(body, 'ratings'));
    const userId = request.user!.id;
    await streamRun(reply, (listener) => runs.start(userId, rep, filter, formInput(body), listener));
  });

  // The player's running check, followed from whichever process serves the page.
  route(app, coverageApi.follow, auth, async (request, reply) => {
    const userId = request.user!.id;
    const { color } = request.query;
    const latest = await latestRunId(app.db, userId, color);
    if (!latest) return reply.code(404).send({ error: `No coverage check of ${color} to follow` });
    await streamRun(reply, async (listener) => {
      const unfollow = await runs.follow(latest.id, listener);
      // Ended before it was followed: its result at once. Otherwise where it stands, then live.
      const run = await latestRun(app.db, userId, color);
      if (run?.status !== 'running') listener({ event: 'ended' });
      else {
        listener({ event: 'progress', data: { done: run.done, total: run.total } });
        listener({
          event: 'holes',
          data: { holes: run.holes, settled: run.settled, bound: run.bound, done: run.done },
        });
      }
      return { run: latest.id, unfollow };
    });
  });

  route(app, coverageApi.latest, auth, async (request) => {
    const { color } = request.query;
    const userId = request.user!.id;
    return { api_data: await withMarks(app, userId, await latestRun(app.db, userId, color)) };
  });

  route(app, coverageApi.stop, auth, async (request) => {
    const { color } = request.body;
    const userId = request.user!.id;
    await runs.stop(userId, color);
    return { api_data: await withMarks(app, userId, await latestRun(app.db, userId, color)) };
  });
}

/**
 * The run's holes marked needed or optional by the colour's goal, with the goal, and answered where
 * the repertoire answers them now: the stored holes are those the check found, before any edit.
 */
async function withMarks(app: FastifyInstance, userId: number, run: CoverageRunView | null) {
  if (!run) return null;
  const { goal } = await readGoal(app.db, userId, run.color);
  return { ...run, goal, holes: await markAnswered(app, userId, run.color, markNeeded(run.holes, goal)) };
}
