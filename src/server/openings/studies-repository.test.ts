import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { findStudyMd5, forgetStudyMd5, newStudyMd5Memo, saveStudy } from './studies-repository.js';

describe.each(testDatabaseKinds())('the stored study md5 on %s', (kind) => {
  let database: Database;
  let userId: number;
  const memo = newStudyMd5Memo();
  const values = (studyText: string | null) => ({
    title: 'T',
    link: null,
    studyText,
    excludeMoveIndicators: '',
    lastUpdate: new Date(),
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const suffix = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const [row] = await database.db
      .insert(users)
      .values({ email: `md5${suffix}@example.com`, username: `md5${suffix}`, passwordHash: 'x' })
      .returning({ id: users.id });
    userId = row.id;
  });
  afterAll(() => database.close());

  test('is read once and kept, forgotten by a write of this process, and missing without a study', async () => {
    expect(await findStudyMd5(database.db, memo, userId, 'white')).toBeUndefined();
    await saveStudy(database.db, memo, userId, 'white', values('1. e4 e5 *'));
    const first = await findStudyMd5(database.db, memo, userId, 'white');
    expect(first).toMatch(/^[0-9a-f]{32}$/);

    // A write that bypasses this process's repository (another process's) is not seen while kept.
    await database.db.execute(sql`update studies set study_text = '1. d4 d5 *' where user_id = ${userId}`);
    expect(await findStudyMd5(database.db, memo, userId, 'white')).toBe(first);
    forgetStudyMd5(memo, userId);
    const changed = await findStudyMd5(database.db, memo, userId, 'white');
    expect(changed).not.toBe(first);

    await saveStudy(database.db, memo, userId, 'white', values(null));
    expect(await findStudyMd5(database.db, memo, userId, 'white')).toBeUndefined();
  });
});
