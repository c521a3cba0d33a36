import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationBus } from '../jobs/notifications.js';
import { openDatabase, type Database } from './client.js';
import { NamedStatements } from './named-statements.js';
import { PGliteThread } from './pglite-thread.js';
import { rowsOf } from './rows.js';
import { users } from './schema.js';

// The server's data folder: PGlite on a thread of its own, as PGlite to Drizzle and the rest.
describe('PGlite on its own thread', () => {
  const folder = mkdtempSync(join(tmpdir(), 'chess-prep-thread-'));
  let database: Database;
  let client: PGliteThread;

  const addUser = (name: string) =>
    database.db
      .insert(users)
      .values({ email: `${name}@example.com`, username: name, passwordHash: 'x' })
      .returning({ id: users.id });
  const nameOf = async (id: number) =>
    (await database.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0]?.username;

  beforeAll(async () => {
    database = await openDatabase({ dir: folder });
    client = (database.db as unknown as { $client: PGliteThread }).$client;
  }, 120_000);
  afterAll(async () => {
    await database?.close().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  });

  it('is what a data folder opens', () => {
    expect(client).toBeInstanceOf(PGliteThread);
  });

  it('answers while a long statement runs on the other thread', async () => {
    let answered = false;
    const long = database.db.execute(sql`select count(*)::int as n from generate_series(1, 2000000)`).then((result) => {
      answered = true;
      return result;
    });
    // On the server's thread, the statement would run before any timer could.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toBe(false);
    expect(rowsOf<{ n: number }>(await long)[0].n).toBe(2_000_000);
  });

  it("reads values as PGlite does, Drizzle's own parsers first", async () => {
    const [{ id }] = await addUser('values');
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.drillNewPerDay).toBe(20);
    const raw = rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select ${'2026-01-02T03:04:05Z'}::timestamptz as at, ${'{1,2,3}'}::int[] as ints,
          ${JSON.stringify({ a: [1] })}::jsonb as doc, ${null}::text as nothing, '\\x0102'::bytea as bytes`,
      ),
    )[0];
    // Timestamps as text to Drizzle's raw statements, as on PGlite.
    expect(raw.at).toBe('2026-01-02 03:04:05+00');
    expect(raw.ints).toEqual([1, 2, 3]);
    expect(raw.doc).toEqual({ a: [1] });
    expect(raw.nothing).toBeNull();
    expect([...(raw.bytes as Uint8Array)]).toEqual([1, 2]);
  });

  it("fails a statement with PostgreSQL's error and goes on", async () => {
    await addUser('twice');
    const duplicate = (await addUser('twice').catch((error: unknown) => error)) as { cause?: Record<string, unknown> };
    expect(duplicate).toMatchObject({ cause: { code: '23505' } });
    expect(String(duplicate.cause?.constraint)).toMatch(/email|username/);
    await expect(client.query('select nope from nowhere')).rejects.toMatchObject({
      code: '42P01',
      query: 'select nope from nowhere',
    });
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('commits a transaction, rolls one back on a throw, and refuses a commit after a failed statement', async () => {
    const [{ id }] = await addUser('tx');
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ username: 'tx-committed' }).where(eq(users.id, id));
    });
    expect(await nameOf(id)).toBe('tx-committed');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(users).set({ username: 'tx-lost' }).where(eq(users.id, id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await nameOf(id)).toBe('tx-committed');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('update users set username = $1 where id = $2', ['tx-aborted', id]);
        await tx.query('select nope from nowhere').catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await nameOf(id)).toBe('tx-committed');
  });

  it('runs a statement asked during a transaction after it, as PGlite does', async () => {
    const [{ id }] = await addUser('order');
    let outside: Promise<string | undefined> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ username: 'order-inside' }).where(eq(users.id, id));
      outside = nameOf(id);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.update(users).set({ username: 'order-final' }).where(eq(users.id, id));
    });
    expect(await outside).toBe('order-final');
  });

  it('delivers notifications once their transaction commits', async () => {
    const bus = createNotificationBus(database.db, 'pglite');
    const heard: string[] = [];
    const stop = await bus.listen('thread_test', (payload) => heard.push(payload));
    await client.transaction(async (tx) => {
      await tx.query(`select pg_notify('thread_test', 'in a transaction')`);
      expect(heard).toEqual([]);
    });
    await bus.notify('thread_test', 'alone');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['in a transaction', 'alone']);
    await stop();
    await bus.notify('thread_test', 'after');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toHaveLength(2);
  });

  it('runs named statements, prepared once', async () => {
    const statements = new NamedStatements(database.db);
    for (const n of [1, 2]) {
      const rows = rowsOf<{ next: number; at: unknown }>(
        await statements.execute(sql`select ${n}::int + 1 as next, now() as at`),
      );
      expect(rows[0].next).toBe(n + 1);
      expect(typeof rows[0].at).toBe('string');
    }
  });

  it('keeps what it wrote in the folder, and refuses statements once closed', async () => {
    const [{ id }] = await addUser('kept');
    const inFlight = nameOf(id);
    await database.close();
    // A statement asked before the close still ran.
    expect(await inFlight).toBe('kept');
    await expect(client.query('select 1')).rejects.toThrow(/closed/);
    database = await openDatabase({ dir: folder });
    expect(await nameOf(id)).toBe('kept');
  }, 60_000);
});
