import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { studies } from '../db/schema.js';

const RUY = '[Event "Prep: Ruy"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n';
const LONDON = '[Event "Prep: London"]\n\n1. d4 d5 2. Bf4 Nf6 3. e3 *\n';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_D4_D5 = 'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2';

describe.each(testDatabaseKinds())('the kept drill deck on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const version = async (userId: number) =>
    (
      await database.db
        .select({ v: studies.textVersion })
        .from(studies)
        .where(and(eq(studies.userId, userId), eq(studies.color, 'white')))
    )[0].v;

  test('a study text written by another process (no call of this one) is drilled at once, not the kept deck', async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'kept' });
    expect(
      (await client.postJson('/api/update-study', { color: 'white', study_text: RUY, title: 'Prep' })).status,
    ).toBe(200);
    const first = await client.get('/api/drill/next?color=white');
    expect(first.body.api_data.map((item: { fen: string }) => item.fen)).toContain(AFTER_E4_E5);
    const before = await version(userId);

    // Only the drill's own bookkeeping: the version stays.
    await database.db
      .update(studies)
      .set({ drillSynced: null })
      .where(and(eq(studies.userId, userId), eq(studies.color, 'white')));
    expect(await version(userId)).toBe(before);

    // Another process stores a new text: the version moves on, and this process drills the new study.
    await database.db
      .update(studies)
      .set({ studyText: LONDON })
      .where(and(eq(studies.userId, userId), eq(studies.color, 'white')));
    expect(await version(userId)).not.toBe(before);
    const next = await client.get('/api/drill/next?color=white');
    expect(next.status).toBe(200);
    const fens = next.body.api_data.map((item: { fen: string }) => item.fen);
    expect(fens).toContain(AFTER_D4_D5);
    expect(next.body.api_data.every((item: { line: string }) => !item.line.startsWith('1. e4'))).toBe(true);
    const line = JSON.stringify((await client.get('/api/drill/line?color=white')).body.api_data);
    expect(line).toContain('"san":"d4"');
    expect(line).not.toContain('"san":"e4"');
  });

  test('each write of a study gives it a version no other study has', async () => {
    const a = await signedInClient(server, { prefix: 'kepta' });
    const b = await signedInClient(server, { prefix: 'keptb' });
    await a.client.postJson('/api/update-study', { color: 'white', study_text: RUY, title: 'Prep' });
    await b.client.postJson('/api/update-study', { color: 'white', study_text: RUY, title: 'Prep' });
    const va = await version(a.userId);
    const vb = await version(b.userId);
    expect(va).not.toBe(vb);
    await a.client.postJson('/api/update-study', { color: 'white', study_text: RUY, title: 'Prep' });
    expect(await version(a.userId)).toBeGreaterThan(Math.max(va, vb));
  });
});
