import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/rows.js';
import { fetchSiteGames, GAME_CHECK_QUEUE, queueGameCheck, runningChecks, type CheckSite } from './new-games.js';

/**
 * The fetches of players' new games as jobs: a claim (new-games.ts) queues a job naming the player and
 * the site; whichever process takes it reads the claim then and fetches under it, saying every few
 * seconds that it still does. A claim unfinished and unheard of for STALE_SECONDS (its process died, or
 * its job was lost) is claimed again by one process of the job queue it was queued on, which queues it
 * again: the older attempt's write, under the old claim, no longer lands.
 */

const BEAT_EVERY_MS = 5_000;
const STALE_SECONDS = 30;
const REAP_EVERY_MS = 5_000;
/** Fetches one process runs at once; more wait in the queue. */
const CONCURRENCY = 4;

export function registerGameChecks(app: FastifyInstance): void {
  app.jobs.work<{ userId: number; site: CheckSite }>(GAME_CHECK_QUEUE, CONCURRENCY, async ({ userId, site }) => {
    const [claim] = rowsOf<{ username: string; started: string | Date }>(
      await app.db.execute(sql`
        select username, started_at as started from site_game_checks
        where user_id = ${userId} and site = ${site} and finished_at is null and jobs_schema = ${app.jobs.schema}`),
    );
    if (!claim) return;
    const started = new Date(claim.started);
    const beat = setInterval(() => {
      app.db
        .execute(
          sql`update site_game_checks set beat_at = now()
            where user_id = ${userId} and site = ${site} and started_at = ${started.toISOString()}`,
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'a fetch of new games could not say it runs'));
    }, BEAT_EVERY_MS);
    const task = fetchSiteGames(app, userId, site, claim.username, started).catch((error: unknown) =>
      app.log.error({ err: error, userId, site }, 'Fetching new games failed'),
    );
    const tasks = runningChecks(app);
    tasks.add(task);
    await task.finally(() => {
      clearInterval(beat);
      tasks.delete(task);
    });
  });
  app.jobs.every(REAP_EVERY_MS, async () => {
    // A claim is named by its start to the millisecond (as JavaScript dates hold it).
    const stale = rowsOf<{ user_id: number; site: CheckSite }>(
      await app.db.execute(sql`
        update site_game_checks set started_at = date_trunc('milliseconds', now()), beat_at = null
        where finished_at is null and jobs_schema = ${app.jobs.schema}
          and greatest(beat_at, started_at) < now() - make_interval(secs => ${STALE_SECONDS}::int)
        returning user_id, site`),
    );
    for (const { user_id: userId, site } of stale) {
      app.log.warn({ userId, site }, 'a fetch of new games went quiet; it is queued again');
      await queueGameCheck(app, userId, site);
    }
  });
}
