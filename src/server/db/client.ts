import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { LoopTurn } from '../loop-turn.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** Drizzle over either PGlite or PostgreSQL: the same SQL dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (for connections of the database's own, such as the job queue's); absent on PGlite. */
  url?: string;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL's own buffer pool inside PGlite's WebAssembly memory, which is never given back: 128 MB by
 * default, most of the server's memory at rest. The data folder's files are cached by the system
 * besides, so a smaller pool costs little.
 */
export const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers = 32MB'] };

/** Where to keep data: a PostgreSQL URL, a PGlite folder, or PGlite in memory. */
export type DatabaseTarget = { url: string } | { dir: string } | { memory: true };

export interface OpenOptions {
  /**
   * Waited for once the data folder is locked, before the database opens: the server answers its page
   * first, and a second process on the folder still stops (DataDirLockedError) before it listens.
   */
  beforeOpening?: () => Promise<unknown>;
  /**
   * A migrated, empty cluster (src/server/db/db-template.ts) copied into a data folder that has no
   * database yet, instead of creating and migrating one there.
   */
  template?: string;
}

export async function openDatabase(
  target: DatabaseTarget,
  { beforeOpening, template }: OpenOptions = {},
): Promise<Database> {
  if ('url' in target) {
    await beforeOpening?.();
    return openPostgres(target.url);
  }
  if (!('dir' in target)) return wrapPglite(new PGlite(PGLITE_OPTIONS));
  const dataDir = join(target.dir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(target.dir);
  try {
    await beforeOpening?.();
    let fresh = !existsSync(join(dataDir, 'PG_VERSION'));
    if (fresh && template && existsSync(join(template, 'PG_VERSION'))) {
      // A template this process cannot read (made by another user, say) leaves the cluster to be created.
      fresh = !(await copyCluster(template, dataDir).then(
        () => true,
        () => false,
      ));
    }
    // On a thread of its own: the server's thread only sends statements and reads their answers.
    let database = await wrapPglite(await PGliteThread.create(dataDir, PGLITE_OPTIONS));
    if (fresh) {
      // Creating the cluster grows PGlite's memory to some 800 MiB, which WebAssembly never gives
      // back; a new instance on the files just written starts at about half that.
      await database.close();
      database = await wrapPglite(await PGliteThread.create(dataDir, PGLITE_OPTIONS));
    }
    return { ...database, close: () => database.close().finally(unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Puts a copy of the cluster in `from` at `to` (a folder without a database): copied beside it, then
 * moved in, so a copy cut short is never taken for a database.
 */
async function copyCluster(from: string, to: string): Promise<void> {
  const copy = `${to}.new`;
  rmSync(copy, { recursive: true, force: true });
  try {
    await copyFiles(from, copy);
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
  rmSync(to, { recursive: true, force: true });
  renameSync(copy, to);
}

async function copyFiles(from: string, copy: string): Promise<void> {
  // A file at a time, giving the event loop back every 20 ms: the server answers its page meanwhile
  // (fs.promises.cp took 2.5 times the CPU of these calls for the 1,200 files).
  const turn = new LoopTurn();
  const made = new Set<string>();
  const folder = (path: string) => {
    if (!made.has(path)) mkdirSync(path, { recursive: true });
    made.add(path);
    return path;
  };
  folder(copy);
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    // PostgreSQL needs its empty folders too (pg_tblspc, pg_twophase, ...).
    const at = folder(join(copy, relative(from, entry.parentPath)));
    if (entry.isDirectory()) folder(join(at, entry.name));
    else copyFileSync(join(entry.parentPath, entry.name), join(at, entry.name), constants.COPYFILE_FICLONE);
    await turn.yieldIfDue();
  }
}

/**
 * Each statement on the embedded database starts on a turn of the event loop of its own. PostgreSQL
 * runs there on the server's thread and answers without a turn of the loop, so thirty requests at once
 * ran all their statements in one turn (60-100 ms in which no other player's request was read).
 * A statement asked before the database closes still runs before it; one that finds it closing or
 * closed once its turn comes gets PGlite's own refusal instead of running on a closed database.
 */
function statementsTakeTurns(client: PGlite): void {
  const run = client._runExclusiveQuery.bind(client);
  const close = client.close.bind(client);
  const waiting = new Set<Promise<void>>();
  client._runExclusiveQuery = async <T>(fn: () => Promise<T>): Promise<T> => {
    const turn = nextTurn();
    waiting.add(turn);
    try {
      await turn;
    } finally {
      waiting.delete(turn);
    }
    return run(async () => {
      await client._checkReady();
      return fn();
    });
  };
  client.close = async () => {
    await Promise.all(waiting);
    return close();
  };
}

/** Wraps an existing PGlite (for example a clone of a migrated one) and migrates it. */
export async function wrapPglite(client: PGlite | PGliteThread): Promise<Database> {
  if (client instanceof PGlite) statementsTakeTurns(client);
  // Drizzle asks of its client only what both have: query, exec and transaction.
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  if (!(await migrated(client))) await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * True when the newest migration of the journal is applied already: one small query instead of
 * reading and hashing every migration and running the migrator's own set-up statements on each start.
 * The migrator applies what is newer than its last record, so this is the same test it makes.
 */
async function migrated(client: PGlite | PGliteThread): Promise<boolean> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await client.query<{ last: string | null }>(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    return rows[0]?.last != null && Number(rows[0].last) >= newest;
  } catch {
    // No migrations table yet: a fresh database.
    return false;
  }
}

async function openPostgres(url: string): Promise<Database> {
  await migratePostgresOnce(url);
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return { db, kind: 'postgres', url, close: () => client.end({ timeout: 5 }) };
}

/** Several processes may start together on one database: an advisory lock lets one migrate at a time. */
async function migratePostgresOnce(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(727472)`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    await client`select pg_advisory_unlock(727472)`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
