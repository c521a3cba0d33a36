import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { DEFAULT_JOBS_SCHEMA } from '../db/schema/columns.js';
import { createNotificationBus, type NotificationBus } from './notifications.js';

/**
 * Background work as jobs in the database (pg-boss), one queue set-up per app: any process on the
 * database may take a job up, and each job is fetched by one of them (`FOR UPDATE SKIP LOCKED`). On
 * PostgreSQL pg-boss keeps its own few connections; on PGlite it runs its SQL through the app's
 * client (pg-boss's `db` option), so the embedded database runs the same code in one process.
 *
 * pg-boss starts with the first job sent, or with the app when the database already has its schema
 * (jobs of an earlier process may wait). Closing the app aborts `closing`: running handlers hand
 * their work back to the queue at once, then pg-boss stops.
 *
 *   app.jobs.work('coverage_check', 4, async (data, closing) => { ... });
 *   await app.jobs.send('coverage_check', { run: 7 });
 */

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface JobQueue {
  /**
   * The queue's database schema. Rows of background work record it, and only processes of the same
   * queue take quiet work over: an app with a queue of its own never runs another queue's work.
   */
  schema: string;
  /** Messages between processes (NOTIFY), for live progress and stop requests. */
  bus: NotificationBus;
  /** Aborted when the app closes: handlers hand their work back. */
  closing: AbortSignal;
  /** Queues a job; `key` lets one such job wait at a time (a second send while it waits does nothing). */
  send(queue: string, data: object, key?: string): Promise<void>;
  /** Takes jobs of `queue` up, `concurrency` at a time in this process. */
  work<T extends object>(
    queue: string,
    concurrency: number,
    handler: (data: T, closing: AbortSignal) => Promise<void>,
  ): void;
  /** Runs `tick` every `ms` while the app is open (errors are logged). */
  every(ms: number, tick: () => Promise<void>): void;
}

/** Jobs are not timed out by pg-boss (a coverage check may run for hours): leases say who is alive. */
const EXPIRE_SECONDS = 23 * 3600;
const POLLING_SECONDS = 2;
const SCHEMA_CHECK_MS = 5_000;

interface Worker {
  queue: string;
  concurrency: number;
  handler: (data: object, closing: AbortSignal) => Promise<void>;
  ids: string[];
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
/** pg-boss's own pool on PostgreSQL (its `Db`); on PGlite the executor below, which it does not close. */
type BossDb = Executor & { isOurs?: boolean; opened?: boolean; close?(): Promise<void> };

/** pg-boss over the app's PGlite client: parameterless SQL may hold several statements. */
function pgliteExecutor(database: Database): Executor {
  const client = (database.db as unknown as { $client: PgliteClient }).$client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/**
 * The statements pg-boss has in flight on `db`. It does not wait for the one that marks a job complete,
 * so at close the app waits for them before the database (or pg-boss's pool) goes.
 */
function trackStatements(db: Executor): Set<Promise<unknown>> {
  const inFlight = new Set<Promise<unknown>>();
  const execute = db.executeSql.bind(db);
  db.executeSql = (text, values) => {
    const asked = execute(text, values);
    inFlight.add(asked);
    const done = () => inFlight.delete(asked);
    void asked.then(done, done);
    return asked;
  };
  return inFlight;
}
interface PgliteClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

export interface JobsOptions {
  database: Database;
}

/** PostgreSQL's code for a transaction it ended to break a deadlock. */
const DEADLOCK = '40P01';

export const jobsPlugin = fp<JobsOptions>(
  async (app: FastifyInstance, { database }) => {
    const closer = new AbortController();
    const schema = app.config.jobsSchema ?? DEFAULT_JOBS_SCHEMA;
    const common = {
      schema,
      schedule: false,
      // Expired-job and archive upkeep, shared by the processes (one does it per interval).
      maintenanceIntervalSeconds: 30,
      pollingIntervalSeconds: POLLING_SECONDS,
    };
    const url = database.url;
    const boss =
      database.kind === 'postgres' && url
        ? new PgBoss({ connectionString: url, max: 3, application_name: 'chess-prep jobs', ...common })
        : new PgBoss({ db: pgliteExecutor(database) as PgBoss.Db, ...common });
    const bossDb = boss.getDb() as BossDb;
    const inFlight = trackStatements(bossDb);
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

    const workers: Worker[] = [];
    /** The handlers running now, waited for at close. */
    const running = new Set<Promise<void>>();
    const timers: NodeJS.Timeout[] = [];
    let starting: Promise<void> | undefined;

    const startWorker = async (worker: Worker) => {
      if (worker.ids.length > 0) return;
      // Processes starting together on a new schema can deadlock creating the same queue: the one
      // PostgreSQL picks to fail tries again (the queue is then there).
      for (let attempt = 1; ; attempt++) {
        try {
          await boss.createQueue(worker.queue, {
            name: worker.queue,
            policy: 'short',
            retryLimit: 0,
            expireInSeconds: EXPIRE_SECONDS,
          });
          break;
        } catch (error) {
          if (attempt >= 5 || (error as { code?: unknown }).code !== DEADLOCK) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
      for (let i = 0; i < worker.concurrency; i++) {
        const id = await boss.work<object>(worker.queue, { batchSize: 1 }, async ([job]) => {
          if (closer.signal.aborted) return;
          const handled = worker.handler(job.data, closer.signal);
          running.add(handled);
          try {
            await handled;
          } finally {
            running.delete(handled);
          }
        });
        worker.ids.push(id);
      }
    };
    // A start that failed is tried again by the next job, not kept as the answer for every later one.
    const ensureStarted = () =>
      (starting ??= (async () => {
        await boss.start();
        for (const worker of workers) await startWorker(worker);
      })().catch((error: unknown) => {
        starting = undefined;
        throw error;
      }));

    const jobs: JobQueue = {
      schema,
      bus: createNotificationBus(database.db, database.kind),
      closing: closer.signal,
      async send(queue, data, key) {
        await ensureStarted();
        await boss.send(queue, data, key ? { singletonKey: key } : {});
        // This process looks at once; the others at their next poll.
        for (const id of workers.find((w) => w.queue === queue)?.ids ?? []) boss.notifyWorker(id);
      },
      work(queue, concurrency, handler) {
        const worker: Worker = { queue, concurrency, handler: handler as Worker['handler'], ids: [] };
        workers.push(worker);
        if (starting) {
          void starting
            .then(() => startWorker(worker))
            .catch((error: unknown) => app.log.error({ err: error }, 'job worker start failed'));
        }
      },
      every(ms, tick) {
        let busy = false;
        const timer = setInterval(() => {
          if (busy || closer.signal.aborted) return;
          busy = true;
          tick()
            .catch((error: unknown) => app.log.error({ err: error }, 'periodic job check failed'))
            .finally(() => (busy = false));
        }, ms);
        timer.unref();
        timers.push(timer);
      },
    };
    app.decorate('jobs', jobs);

    // Jobs left by another process (or an earlier one: a restart) are taken up once pg-boss's schema
    // exists, without waiting for this process to send a job of its own.
    const startIfInstalled = async () => {
      if (starting) return;
      const result = await database.db.execute(sql`select to_regclass(${`${schema}.version`}) is not null as ok`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { ok: boolean }[];
      if (rows[0]?.ok === true) await ensureStarted();
    };
    app.addHook('onReady', async () => {
      void startIfInstalled().catch((error: unknown) => app.log.error({ err: error }, 'job queue start failed'));
    });
    jobs.every(SCHEMA_CHECK_MS, startIfInstalled);
    app.addHook('preClose', async () => {
      for (const timer of timers) clearInterval(timer);
      closer.abort();
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: 10_000, wait: true, close: false });
      // pg-boss stops waiting after its timeout; a handler still running would then ask the database
      // for more once it is closed (the app's onClose): each has seen the signal and ends first.
      await Promise.allSettled(running);
      // Then the last jobs' completions, which pg-boss sends without waiting for them.
      await Promise.allSettled(inFlight);
      if (bossDb.isOurs && bossDb.opened) await bossDb.close?.();
    });
  },
  { name: 'jobs' },
);

/** A token naming one attempt at a job, for leases. */
export const attemptToken = (): string => randomUUID();
