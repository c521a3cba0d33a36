// On the embedded database a statement runs on the server's thread and answers without a turn of the
// event loop: each starts on a turn of its own, so a burst of requests' statements leaves room between
// them for another player's request to be read.
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase } from '../../../test/helper.js';
import type { Database } from './client.js';
import { NamedStatements } from './named-statements.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase('pglite');
});
afterAll(async () => {
  await database.close();
});

/** Whether a callback queued for the next turn of the loop ran while `work` was awaited. */
const turnPassed = async (work: () => Promise<unknown>): Promise<boolean> => {
  let turned = false;
  setImmediate(() => (turned = true));
  await work();
  return turned;
};

// On its own thread (TEST_PGLITE_THREAD) a statement never holds this one: nothing to take turns for.
test.skipIf(process.env.TEST_PGLITE_THREAD)(
  'a query, a named statement and a transaction each let a turn of the event loop pass',
  async () => {
    expect(await turnPassed(() => database.db.execute(sql`select 1`))).toBe(true);
    const statements = new NamedStatements(database.db);
    expect(await turnPassed(() => statements.execute(sql`select ${2}::int as n`))).toBe(true);
    expect(await turnPassed(() => database.db.transaction((tx) => tx.execute(sql`select 3`)))).toBe(true);
  },
);

test('statements asked at once still run in the order asked', async () => {
  await database.db.execute(sql`create temporary table turns (n int)`);
  await Promise.all(Array.from({ length: 20 }, (_, n) => database.db.execute(sql`insert into turns values (${n})`)));
  const rows = (await database.db.execute(sql`select n from turns`)) as unknown as { rows: { n: number }[] };
  expect(rows.rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
});

test('a statement asked just before the database closes runs before it; one asked after is refused', async () => {
  const closing = await openTestDatabase('pglite');
  const client = (closing.db as unknown as { $client: PGlite }).$client;
  const before = client.runExclusive(async () => 'ran');
  await closing.close();
  expect(await before).toBe('ran');
  await expect(client.runExclusive(async () => 'ran')).rejects.toThrow(/PGlite is clos/);
});
