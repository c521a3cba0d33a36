// Statements run by name answer as `db.execute` does, on both drivers, and keep answering when the
// session's statement is gone or was prepared by another app on the same database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../test/helper.js';
import type { Database } from './client.js';
import { NamedStatements } from './named-statements.js';
import { rowsOf } from './rows.js';

const statement = (n: number, name: string) => sql`
  select ${n}::int as n, ${name} as name, ${'2026-03-01T10:00:00.123Z'}::timestamptz as at,
    json_build_object('name', ${name}::text) as doc, null::text as nothing
  from generate_series(1, ${n}) as g(i)`;

describe.each(testDatabaseKinds())('named statements on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  test('a named statement answers the rows db.execute answers, for each set of values', async () => {
    const statements = new NamedStatements(database.db);
    for (const [n, name] of [
      [2, 'first'],
      [3, "it's"],
      [1, ''],
    ] as const) {
      const expected = rowsOf(await database.db.execute(statement(n, name)));
      expect(rowsOf(await statements.execute(statement(n, name)))).toEqual(expected);
    }
  });

  test('two apps on one database prepare the statement once between them', async () => {
    const [one, two] = [new NamedStatements(database.db), new NamedStatements(database.db)];
    const query = statement(2, 'shared');
    expect(rowsOf(await one.execute(query))).toHaveLength(2);
    expect(rowsOf(await two.execute(query))).toHaveLength(2);
    expect(rowsOf(await one.execute(statement(1, 'again')))).toEqual([expect.objectContaining({ name: 'again' })]);
  });

  test.runIf(kind === 'pglite')('a statement removed from the session is prepared again', async () => {
    const statements = new NamedStatements(database.db);
    expect(rowsOf(await statements.execute(statement(1, 'before')))).toHaveLength(1);
    await database.db.execute(sql`deallocate all`);
    expect(rowsOf(await statements.execute(statement(2, 'after')))).toHaveLength(2);
    // The plan-cache setting the statement ran with is the session's again.
    const [mode] = rowsOf<{ plan_cache_mode: string }>(await database.db.execute(sql`show plan_cache_mode`));
    expect(mode.plan_cache_mode).toBe('auto');
  });
});
