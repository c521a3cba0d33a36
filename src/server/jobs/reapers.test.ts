import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInUser,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { coverageRuns, playerTasks, siteGameChecks, starterBuilds } from '../db/schema.js';
import { DEFAULT_JOBS_SCHEMA } from '../db/schema/columns.js';
import { createPlayerTask } from './player-task.js';

// Quiet work (a coverage run, a starter build, a player task, a fetch of new games) is queued again only
// by apps of the job queue it was queued on: apps with a queue of their own on the same database leave it.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DEAD = 'dead-process';
const AGO = sql`now() - interval '1 minute'`;

describe.each(testDatabaseKinds())('reapers on %s', (kind) => {
  let database: Database;
  const servers: TestServer[] = [];
  // On PGlite the app's default queue, and rows left to the column's default: what production has.
  const queue = kind === 'postgres' ? `pgboss_${randomBytes(6).toString('hex')}` : undefined;
  const otherQueue = `${queue ?? DEFAULT_JOBS_SCHEMA}_other`;
  const taskKind = `test_${randomBytes(4).toString('hex')}`;

  const start = async (jobsSchema: string | undefined) => {
    const server = await startTestServer(database, { jobsSchema });
    servers.push(server);
    createPlayerTask(server.app, { kind: taskKind, concurrency: 1, run: async () => ({}), failed: () => ({}) });
    return server;
  };

  /** A user with one of each kind of work, left running by a process that died a minute ago. */
  const quietWork = async (server: TestServer, jobsSchema: string | undefined) => {
    const { id: userId } = await signedInUser(server.app, server.url);
    const running = { userId, status: 'running' as const, jobsSchema };
    const form = { speeds: 'blitz', ratings: '2000' };
    await database.db
      .insert(coverageRuns)
      .values({ ...running, ...form, color: 'white', input: {}, leaseToken: DEAD, leaseUntil: AGO });
    await database.db.insert(starterBuilds).values({
      ...running,
      ...form,
      color: 'white',
      build: 'orphan',
      attempt: DEAD,
      line: '1. e4',
      goal: 0.5,
      updatedAt: AGO,
    });
    await database.db
      .insert(playerTasks)
      .values({ ...running, kind: taskKind, run: 'orphan', attempt: DEAD, input: {}, updatedAt: AGO });
    await database.db
      .insert(siteGameChecks)
      .values({ userId, site: 'lichess', username: 'nobody', startedAt: AGO, jobsSchema });
    return userId;
  };

  /** Which of the user's work was taken up (queued again, or run since). */
  const takenOf = async (userId: number) =>
    rowsOf<{ coverage: boolean; starter: boolean; task: boolean; check: boolean }>(
      await database.db.execute(sql`
        select
          exists (select 1 from coverage_runs where user_id = ${userId}
            and (lease_token is distinct from ${DEAD} or status <> 'running')) as coverage,
          exists (select 1 from starter_builds where user_id = ${userId}
            and (attempt <> ${DEAD} or status <> 'running')) as starter,
          exists (select 1 from player_tasks where user_id = ${userId}
            and (attempt <> ${DEAD} or status <> 'running')) as task,
          exists (select 1 from site_game_checks where user_id = ${userId}
            and (started_at > now() - interval '50 seconds' or finished_at is not null)) as check`),
    )[0];
  const all = { coverage: true, starter: true, task: true, check: true };
  const none = { coverage: false, starter: false, task: false, check: false };
  const waitTaken = async (userId: number) => {
    const until = Date.now() + 20_000;
    while (Date.now() < until && Object.values(await takenOf(userId)).includes(false)) await sleep(200);
    return takenOf(userId);
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close();
    // The queues' own schemas, made for this file only.
    if (kind === 'postgres')
      for (const schema of [queue, otherQueue])
        await database.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
    await database?.close();
  });

  test('an app of another queue leaves quiet work alone; an app of its queue takes it up', async () => {
    const other = await start(otherQueue);
    const mine = await quietWork(other, queue);
    const theirs = await quietWork(other, otherQueue);
    // The other app's reapers have looked once they took up their own queue's work, inserted after ours.
    expect(await waitTaken(theirs)).toEqual(all);
    expect(await takenOf(mine)).toEqual(none);

    await start(queue);
    expect(await waitTaken(mine)).toEqual(all);
  }, 60_000);
});
