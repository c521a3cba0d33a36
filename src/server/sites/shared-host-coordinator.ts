import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sitePauses } from '../db/schema.js';
import type { HostCoordinator } from './http-queue.js';

/**
 * Site calls ordered between every process on one database. On PostgreSQL each call runs under an
 * advisory lock (one fixed key per host) held on a reserved connection, so two app processes never
 * call a host at once; PGlite has one process per data folder, where the in-process queue already
 * suffices. A 429 pause is written to `site_pauses` (per host and hash of the token it answered) and
 * read before every call, so it holds for every process.
 *
 *   const queue = createHttpQueue({ coordinator: createSharedHostCoordinator(app.db) });
 */

/** First half of the advisory lock key of site calls (the second is the host's hash). */
const SITE_LOCK_KEY = 727473;

interface ReservedSql {
  (strings: TemplateStringsArray, ...values: unknown[]): Promise<unknown>;
  release(): void;
}
interface PostgresSql {
  reserve(): Promise<ReservedSql>;
}

/** The postgres-js client behind a Drizzle PostgreSQL database; undefined on PGlite. */
function postgresClient(db: Db): PostgresSql | undefined {
  const client = (db as unknown as { $client?: Partial<PostgresSql> }).$client;
  return typeof client?.reserve === 'function' ? (client as PostgresSql) : undefined;
}

export function createSharedHostCoordinator(db: Db): HostCoordinator {
  const pg = postgresClient(db);
  return {
    crossProcess: pg !== undefined,
    async exclusive(host, call) {
      if (!pg) return call();
      const connection = await pg.reserve();
      try {
        await connection`select pg_advisory_lock(${SITE_LOCK_KEY}, hashtext(${host}))`;
        try {
          return await call();
        } finally {
          await connection`select pg_advisory_unlock(${SITE_LOCK_KEY}, hashtext(${host}))`;
        }
      } finally {
        connection.release();
      }
    },
    async pausedUntil(host, token) {
      const rows = await db
        .select({ until: sitePauses.until })
        .from(sitePauses)
        .where(and(eq(sitePauses.host, host), eq(sitePauses.tokenKey, token)))
        .limit(1);
      const until = rows[0]?.until.getTime() ?? 0;
      return until > Date.now() ? until : 0;
    },
    async pause(host, token, until) {
      const at = new Date(until);
      await db
        .insert(sitePauses)
        .values({ host, tokenKey: token, until: at })
        .onConflictDoUpdate({
          target: [sitePauses.host, sitePauses.tokenKey],
          set: { until: sql`greatest(${sitePauses.until}, excluded."until")` },
        });
    },
  };
}
