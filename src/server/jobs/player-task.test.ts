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
import { createPlayerTask, type PlayerTask } from './player-task.js';

// A player's one-at-a-time task as a job, with a task of the test's own kind: it counts to `steps`,
// telling each step, and fails at `failAt`. Each app of the file works on the database's runs.

interface Input {
  steps: number;
  stepMs: number;
  failAt?: number;
}
type Outcome = { ok: true; sum: number; by: string } | { ok: false; error: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds())('player tasks on %s', (kind) => {
  let database: Database;
  let first: TestServer;
  let second: TestServer | undefined;
  // A kind of its own, so no other app on a shared database takes its runs up.
  const taskKind = `test_${randomBytes(4).toString('hex')}`;
  const tasks = new Map<TestServer, PlayerTask<Input, number, Outcome>>();
  const ran: { by: string; step: number }[] = [];

  const taskOn = (server: TestServer, name: string, kindOfTask = taskKind) => {
    const task = createPlayerTask<Input, number, Outcome>(server.app, {
      kind: kindOfTask,
      concurrency: 2,
      async run(_userId, { steps, stepMs, failAt }, { progress }) {
        let sum = 0;
        for (let step = 1; step <= steps; step++) {
          if (step === failAt) throw new Error(`step ${step} failed`);
          await sleep(stepMs);
          ran.push({ by: name, step });
          progress(step);
          sum += step;
        }
        return { ok: true, sum, by: name };
      },
      failed: (error) => ({ ok: false, error: (error as Error).message }),
    });
    if (kindOfTask === taskKind) tasks.set(server, task);
    return task;
  };
  const rowOf = async (userId: number, kindOfTask = taskKind) =>
    rowsOf<{ status: string; attempt: string; outcome: unknown }>(
      await database.db.execute(
        sql`select status, attempt, outcome from player_tasks where user_id = ${userId} and kind = ${kindOfTask}`,
      ),
    )[0];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    first = await startTestServer(database);
    taskOn(first, 'first');
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.close();
  });

  test('a run tells each step in order and ends with its outcome; a second start meanwhile is refused', async () => {
    const user = await signedInUser(first.app, first.url);
    const task = tasks.get(first)!;
    const run = await task.open(user.id, { steps: 5, stepMs: 40 });
    expect(run).not.toBe('running');
    expect(await task.open(user.id, { steps: 1, stepMs: 0 })).toBe('running');
    const heard: number[] = [];
    const ended = await (run as Exclude<typeof run, 'running'>).outcome((step) => heard.push(step));
    expect(ended).toEqual({ ok: true, outcome: { ok: true, sum: 15, by: 'first' } });
    expect(heard).toEqual([1, 2, 3, 4, 5]);
    // Over: the player may start again.
    const again = await task.open(user.id, { steps: 2, stepMs: 0 });
    expect(again).not.toBe('running');
    expect(await (again as Exclude<typeof again, 'running'>).outcome()).toMatchObject({ outcome: { sum: 3 } });
  });

  test('a run that throws ends with the failure outcome, and the next run goes ahead', async () => {
    const user = await signedInUser(first.app, first.url);
    const task = tasks.get(first)!;
    const run = await task.open(user.id, { steps: 5, stepMs: 0, failAt: 3 });
    const ended = await (run as Exclude<typeof run, 'running'>).outcome();
    expect(ended).toEqual({ ok: true, outcome: { ok: false, error: 'step 3 failed' } });
    expect((await rowOf(user.id)).status).toBe('ended');
    const next = await task.open(user.id, { steps: 1, stepMs: 0 });
    expect(await (next as Exclude<typeof next, 'running'>).outcome()).toMatchObject({ outcome: { ok: true } });
  });

  test('a run whose process went quiet is queued again and run from its input', async () => {
    const user = await signedInUser(first.app, first.url);
    // As a process that claimed it and died half a minute ago would leave it.
    await database.db.execute(sql`
      insert into player_tasks (user_id, kind, run, attempt, input, status, updated_at, jobs_schema)
      values (${user.id}, ${taskKind}, 'orphan', 'dead-process', ${JSON.stringify({ steps: 3, stepMs: 0 })}::jsonb,
        'running', now() - interval '30 seconds', ${first.app.jobs.schema})`);
    const until = Date.now() + 30_000;
    while ((await rowOf(user.id)).status !== 'ended' && Date.now() < until) await sleep(200);
    expect(await rowOf(user.id)).toMatchObject({ status: 'ended', outcome: { ok: true, sum: 6, by: 'first' } });
  }, 40_000);

  test('a run taken over goes on from what it saved, and the saved state is dropped when it ends', async () => {
    const savedKind = `${taskKind}_saved`;
    const steps: number[] = [];
    createPlayerTask<Input, number, Outcome, { done: number; sum: number }>(first.app, {
      kind: savedKind,
      concurrency: 1,
      async run(_userId, { steps: total }, { progress, saved, checkpoint }) {
        let { done, sum } = saved ?? { done: 0, sum: 0 };
        while (done < total) {
          done++;
          steps.push(done);
          sum += done;
          progress(done);
          await checkpoint({ done, sum });
        }
        return { ok: true, sum, by: 'first' };
      },
      failed: (error) => ({ ok: false, error: (error as Error).message }),
    });
    const user = await signedInUser(first.app, first.url);
    // A process that saved two of four steps, then died.
    await database.db.execute(sql`
      insert into player_tasks (user_id, kind, run, attempt, input, saved, status, updated_at, jobs_schema)
      values (${user.id}, ${savedKind}, 'orphan', 'dead-process', ${JSON.stringify({ steps: 4, stepMs: 0 })}::jsonb,
        ${JSON.stringify({ done: 2, sum: 3 })}::jsonb, 'running', now() - interval '30 seconds', ${first.app.jobs.schema})`);
    const until = Date.now() + 30_000;
    while ((await rowOf(user.id, savedKind)).status !== 'ended' && Date.now() < until) await sleep(200);
    expect(await rowOf(user.id, savedKind)).toMatchObject({ status: 'ended', outcome: { ok: true, sum: 10 } });
    expect(steps).toEqual([3, 4]);
    const [row] = rowsOf<{ saved: unknown }>(
      await database.db.execute(sql`select saved from player_tasks where user_id = ${user.id} and kind = ${savedKind}`),
    );
    expect(row.saved).toBeNull();
  }, 40_000);

  test('closing an app hands its running run back at once; another app finishes it from its input', async () => {
    const closingKind = `${taskKind}_closing`;
    const closing = await startTestServer(database);
    const task = taskOn(closing, 'closing', closingKind);
    second = await startTestServer(database);
    const user = await signedInUser(closing.app, closing.url);
    const run = await task.open(user.id, { steps: 40, stepMs: 50 });
    const waited = (run as Exclude<typeof run, 'running'>).outcome();
    while (!ran.some((r) => r.by === 'closing' && r.step === 3)) await sleep(20);
    // Only now can the second app take the run.
    taskOn(second, 'second', closingKind);
    const closedAt = Date.now();
    await closing.close();
    expect(await waited).toEqual({ ok: false, reason: 'closing' });
    const until = Date.now() + 30_000;
    while ((await rowOf(user.id, closingKind)).status !== 'ended' && Date.now() < until) await sleep(100);
    expect(await rowOf(user.id, closingKind)).toMatchObject({
      status: 'ended',
      outcome: { ok: true, sum: (40 * 41) / 2, by: 'second' },
    });
    // Handed back at once: the second app took it up within its queue's poll, not a stale claim's wait.
    const firstOnSecond = ran.find((r) => r.by === 'second')!;
    expect(firstOnSecond.step).toBe(1);
    expect(ran.filter((r) => r.by === 'closing').length).toBeLessThan(40);
    expect(Date.now() - closedAt).toBeLessThan(15_000);
  }, 60_000);
});
