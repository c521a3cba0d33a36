import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import { readFixture } from '../../../test/fixtures.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { drillItems, drillLogs, studies } from '../db/schema.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const WHITE = '[Event "Prep: Open"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n[Event "Prep: Sicilian"]\n\n1. e4 c5 2. Nf3 *\n';

describe.each(testDatabaseKinds())('drill calls on %s', (kind) => {
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

  const signedIn = () => signedInClient(server, { prefix: 'drill' });

  const storeStudy = (client: HttpClient, color: string, text: string | null, extra: Record<string, string> = {}) =>
    client.postJson('/api/update-study', { color, study_text: text, title: 'Prep', ...extra });
  const items = (userId: number) =>
    database.db.select().from(drillItems).where(eq(drillItems.userId, userId)).orderBy(drillItems.ord);

  test('without a session every drill call answers 401', async () => {
    const client = server.client();
    expect((await client.postJson('/api/drill/sync', { color: 'white' })).status).toBe(401);
    expect((await client.get('/api/drill/next?color=white')).body).toEqual({ api_result: 'user_not_logged_in' });
    expect((await client.postJson('/api/drill/answer', { id: 1, uci: 'e2e4' })).status).toBe(401);
    expect((await client.get('/api/drill/stats?color=white')).status).toBe(401);
    expect((await client.postJson('/api/drill/focus', { color: 'white', fen: START })).status).toBe(401);
  });

  test('a bad colour is 400 on every call; sync without a study is 400 and stores nothing', async () => {
    const { client, userId } = await signedIn();
    for (const res of [
      await client.postJson('/api/drill/sync', { color: 'red' }),
      await client.get('/api/drill/next?color=green'),
      await client.get('/api/drill/stats?color='),
      await client.get('/api/drill/line?color=x'),
      await client.postJson('/api/drill/focus', { color: 'blue', fen: START }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/color/);
    }
    const sync = await client.postJson('/api/drill/sync', { color: 'black' });
    expect(sync.status).toBe(400);
    expect(sync.body.error).toBe('You have no black study: set one on Manage Openings first');
    expect((await client.get('/api/drill/line?color=black')).status).toBe(400);
    expect(await items(userId)).toEqual([]);
  });

  test('storing a study syncs its colour; next serves New items in repertoire order with their answers, stored as served', async () => {
    const { client, userId } = await signedIn();
    expect((await storeStudy(client, 'white', WHITE)).status).toBe(200);
    // New items are counted from the study, and stored only when served.
    expect(await items(userId)).toEqual([]);
    expect((await client.get('/api/drill/stats?color=white')).body.api_data).toMatchObject({
      total: 4,
      new: 4,
      new_left: 4,
    });
    const sync = await client.postJson('/api/drill/sync', { color: 'white' });
    expect(sync.body.api_data).toEqual({ added: 0, retired: 0, changed: 0, returned: 0, total: 4 });
    const next = await client.get('/api/drill/next?color=white&limit=2');
    expect(next.body.api_data).toHaveLength(2);
    expect((await items(userId)).map((i) => i.line)).toEqual(['', '1. e4 e5']);
    // Served again (not answered): the same rows, then the rest of the deck in order.
    const all = (await client.get('/api/drill/next?color=white')).body.api_data;
    expect(all.slice(0, 2).map((i: { id: number }) => i.id)).toEqual(
      next.body.api_data.map((i: { id: number }) => i.id),
    );
    expect((await items(userId)).map((i) => i.line)).toEqual(['', '1. e4 e5', '1. e4 c5', '1. e4 e5 2. Nf3 Nc6']);
    expect(next.body.api_data[0]).toMatchObject({
      color: 'white',
      fen: START,
      line: '',
      move_number: 1,
      answers: [{ uci: 'e2e4', san: 'e4' }],
      state: 0,
      chapters: [
        { name: 'Prep: Open', url: null },
        { name: 'Prep: Sicilian', url: null },
      ],
    });
    expect(typeof next.body.api_data[0].id).toBe('number');
    expect((await client.get('/api/drill/next?color=black')).body.api_data).toEqual([]);
    const stats = await client.get('/api/drill/stats?color=white');
    expect(stats.body.api_data).toMatchObject({
      total: 4,
      new: 4,
      learning: 0,
      review: 0,
      due_now: 0,
      retired: 0,
      new_today: 0,
      new_per_day: 20,
    });
  });

  test('a wrong move rates Again and shows the answer; a right one rates Good, or Easy when chosen; each writes a log', async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    const [first, second] = (await client.get('/api/drill/next?color=white')).body.api_data;
    const wrong = await client.postJson('/api/drill/answer', { id: first.id, uci: 'd2d4' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.api_data).toMatchObject({
      correct: false,
      answers: [{ uci: 'e2e4', san: 'e4' }],
      item: { state: 1, reps: 1 },
    });
    const right = await client.postJson('/api/drill/answer', { id: second.id, uci: 'g1f3' });
    expect(right.body.api_data).toMatchObject({ correct: true, item: { state: 1 } });
    const dueIn = Date.parse(right.body.api_data.item.due) - Date.now();
    expect(dueIn).toBeGreaterThan(9 * 60_000); // Good on a New item: Learning, 10 minutes
    // Both answered items wait in Learning; the next New one is 1. e4 c5.
    const [third] = (await client.get('/api/drill/next?color=white')).body.api_data;
    expect(third.line).toBe('1. e4 c5');
    const easy = await client.postJson('/api/drill/answer', { id: third.id, uci: 'g1f3', rating: 4 });
    expect(easy.body.api_data.item.state).toBe(2);
    const logs = await database.db.select().from(drillLogs).where(eq(drillLogs.userId, userId)).orderBy(drillLogs.id);
    expect(logs.map((l) => [l.uci, l.correct, l.rating, l.state])).toEqual([
      ['d2d4', 0, 1, 0],
      ['g1f3', 1, 3, 0],
      ['g1f3', 1, 4, 0],
    ]);
    const stats = (await client.get('/api/drill/stats?color=white')).body.api_data;
    expect(stats).toMatchObject({ total: 4, new: 1, learning: 2, review: 1, new_today: 3 });
  });

  test('an illegal move is 400 and changes nothing; bad ratings are 400', async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    const [first] = (await client.get('/api/drill/next?color=white')).body.api_data;
    const illegal = await client.postJson('/api/drill/answer', { id: first.id, uci: 'e2e5' });
    expect(illegal.status).toBe(400);
    expect(illegal.body.error).toMatch(/Illegal move e2e5/);
    expect((await client.postJson('/api/drill/answer', { id: first.id, uci: 'e2e4', rating: 1 })).status).toBe(400);
    expect((await client.postJson('/api/drill/answer', { id: first.id, uci: 'nonsense' })).status).toBe(400);
    expect(await database.db.select().from(drillLogs).where(eq(drillLogs.userId, userId))).toEqual([]);
    expect((await items(userId))[0].state).toBe(0);
  });

  test("another player's item id behaves as missing: 404 and nothing changes", async () => {
    const owner = await signedIn();
    await storeStudy(owner.client, 'white', WHITE);
    const [item] = (await owner.client.get('/api/drill/next?color=white')).body.api_data;
    const other = await signedIn();
    const res = await other.client.postJson('/api/drill/answer', { id: item.id, uci: 'e2e4' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `No drill item with id ${item.id}` });
    expect((await items(owner.userId))[0].reps).toBe(0);
  });

  test('the daily New allowance: a setting, counted over answers made today', async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    expect((await client.get('/api/drill/settings')).body.api_data).toEqual({ new_per_day: 20 });
    expect((await client.postJson('/api/drill/settings', { new_per_day: -1 })).status).toBe(400);
    expect((await client.postJson('/api/drill/settings', { new_per_day: 2 })).body.api_data).toEqual({
      new_per_day: 2,
    });
    const served = (await client.get('/api/drill/next?color=white')).body.api_data;
    expect(served.map((i: { line: string }) => i.line)).toEqual(['', '1. e4 e5']);
    await client.postJson('/api/drill/answer', { id: served[0].id, uci: 'e2e4', rating: 4 });
    const after = (await client.get('/api/drill/next?color=white')).body.api_data;
    expect(after.map((i: { line: string }) => i.line)).toEqual(['1. e4 e5']);
    await client.postJson('/api/drill/answer', { id: after[0].id, uci: 'a2a3' }); // wrong: Learning, due in a minute
    expect((await client.get('/api/drill/next?color=white')).body.api_data).toEqual([]);
    const stats = (await client.get('/api/drill/stats?color=white')).body.api_data;
    expect(stats).toMatchObject({ new_today: 2, new_left: 0, new_per_day: 2, due_now: 0 });
    expect(typeof stats.next_due).toBe('string');
  });

  test('a study change between two syncs: added, retired with history, changed and due, and returning with history', async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    const first = (await client.get('/api/drill/next?color=white')).body.api_data;
    const nc6 = first.find((i: { line: string }) => i.line === '1. e4 e5 2. Nf3 Nc6');
    const e5Item = first.find((i: { line: string }) => i.line === '1. e4 e5');
    // Reviewed items: history that must survive.
    await client.postJson('/api/drill/answer', { id: nc6.id, uci: 'f1b5', rating: 4 });
    await client.postJson('/api/drill/answer', { id: e5Item.id, uci: 'g1f3', rating: 4 });

    // The Sicilian chapter goes, 2. Nf3 Nc6 goes, 2. Bc4 joins Nf3 after 1... e5, and 1. e4 e6 2. d4 is new.
    // Written straight to the database (as another server would), so the sync call itself does the work.
    const changed = '1. e4 e5 2. Nf3 (2. Bc4) *\n\n1. e4 e6 2. d4 *\n';
    await database.db.update(studies).set({ studyText: changed }).where(eq(studies.userId, userId));
    const sync = await client.postJson('/api/drill/sync', { color: 'white' });
    expect(sync.body.api_data).toEqual({ added: 1, retired: 2, changed: 1, returned: 0, total: 3 });
    expect((await client.postJson('/api/drill/sync', { color: 'white' })).body.api_data).toEqual({
      added: 0,
      retired: 0,
      changed: 0,
      returned: 0,
      total: 3,
    });
    const mid = await items(userId);
    const byLine = (rows: typeof mid, line: string) => rows.find((r) => r.line === line)!;
    expect(byLine(mid, '1. e4 e6')).toBeUndefined(); // New, not served yet
    expect(byLine(mid, '1. e4 c5').retiredAt).not.toBeNull();
    expect(mid.find((r) => r.id === nc6.id)!.retiredAt).not.toBeNull();
    const e5 = mid.find((r) => r.id === e5Item.id)!;
    expect(e5.changedAt).not.toBeNull();
    expect(e5.state).toBe(2);
    expect((e5.answers as { san: string }[]).map((a) => a.san)).toEqual(['Nf3', 'Bc4']);
    // Changed items are due now, ahead of New ones.
    const next = (await client.get('/api/drill/next?color=white')).body.api_data;
    expect(next[0]).toMatchObject({ id: e5Item.id, changed: true });
    expect(next.map((i: { line: string }) => i.line)).toEqual(['1. e4 e5', '', '1. e4 e6']);
    expect((await client.get('/api/drill/stats?color=white')).body.api_data).toMatchObject({
      total: 3,
      new: 2,
      review: 1,
      retired: 2,
    });

    // The Nc6 position comes back with its history; 1. e4 e6, served, retires.
    await database.db.update(studies).set({ studyText: WHITE }).where(eq(studies.userId, userId));
    const back_ = await client.postJson('/api/drill/sync', { color: 'white' });
    expect(back_.body.api_data).toEqual({ added: 0, retired: 1, changed: 1, returned: 2, total: 4 });
    const back = await items(userId);
    const returned = back.find((r) => r.id === nc6.id)!;
    expect(returned).toMatchObject({ retiredAt: null, state: 2, reps: 1 });
    expect(back.filter((r) => r.retiredAt !== null).map((r) => r.line)).toEqual(['1. e4 e6']);
    expect(await database.db.select().from(drillLogs).where(eq(drillLogs.itemId, nc6.id))).toHaveLength(1);
  });

  test('a chapter dropped from the front rewrites only its own items: the others keep their row and their New order', async () => {
    const { client, userId } = await signedIn();
    // xmin changes whenever PostgreSQL rewrites a row.
    type Version = { id: number; ord: number; version: string; retired: boolean };
    const rowVersions = async () => {
      const result: unknown = await database.db.execute(
        sql`select id, ord, xmin::text as version, retired_at is not null as retired from drill_items where user_id = ${userId}`,
      );
      const rows = rowsOf<Version>(result);
      return new Map(rows.map((r) => [Number(r.id), r]));
    };
    await storeStudy(client, 'white', `[Event "Prep: Queen's Gambit"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *\n\n${WHITE}`);
    // Every item served once, so each has a row.
    await client.postJson('/api/drill/settings', { new_per_day: 500 });
    expect((await client.get('/api/drill/next?color=white&limit=500')).body.api_data).toHaveLength(6);
    const before = await rowVersions();
    await storeStudy(client, 'white', WHITE);
    const after = await rowVersions();
    const untouched = [...after.values()].filter((r) => r.version === before.get(Number(r.id))!.version);
    const rewritten = [...after.values()].filter((r) => r.version !== before.get(Number(r.id))!.version);
    // The chapter's two own positions retire; the start position lost 1. d4 from its answers.
    expect(rewritten.map((r) => r.retired).sort()).toEqual([false, true, true]);
    expect(untouched.length).toBe(before.size - 3);
    expect(untouched.length).toBeGreaterThan(2);
    for (const row of untouched) expect(row.ord).toBe(before.get(Number(row.id))!.ord);
  });

  test('an unchanged study re-syncs without change; other exclusions change the deck', async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', '1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. e4 e5 2. Bc4?! *');
    const again = await client.postJson('/api/drill/sync', { color: 'white' });
    expect(again.body.api_data).toEqual({ added: 0, retired: 0, changed: 0, returned: 0, total: 3 });
    expect((await client.get('/api/drill/next?color=white')).body.api_data).toHaveLength(3);
    await storeStudy(client, 'white', '1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. e4 e5 2. Bc4?! *', {
      exclude_move_indicators: '?!',
    });
    const afterE5 = (await items(userId)).find((i) => i.line === '1. e4 e5')!;
    expect((afterE5.answers as { san: string }[]).map((a) => a.san)).toEqual(['Nf3']);
    expect(afterE5.changedAt).not.toBeNull();
  });

  test('removing the study retires its items; a bad study PGN stores nothing', async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    expect((await storeStudy(client, 'white', '1. e4 e5 2. Ke3 *')).status).toBe(400);
    expect((await items(userId)).every((i) => i.retiredAt === null)).toBe(true);
    await storeStudy(client, 'white', null);
    expect((await items(userId)).every((i) => i.retiredAt !== null)).toBe(true);
  });

  test("imported items of positions the player's study lacks are retired by the next sync", async () => {
    const source = await signedIn();
    await storeStudy(source.client, 'white', WHITE);
    const [first] = (await source.client.get('/api/drill/next?color=white')).body.api_data;
    await source.client.postJson('/api/drill/answer', { id: first.id, uci: 'e2e4' });
    const doc = (await source.client.get('/api/export')).body;
    expect(doc.drill).toHaveLength(4);

    const target = await signedIn();
    await storeStudy(target.client, 'white', '1. d4 d5 2. c4 *');
    expect((await target.client.postJson('/api/import', doc)).body.api_data).toMatchObject({ drill: 4, drill_logs: 1 });
    // The start position is in both studies (answers 1. d4 now); the three 1. e4 positions are not.
    // The import synced the deck with the stored study already, so a sync after it finds nothing to do.
    const sync = await target.client.postJson('/api/drill/sync', { color: 'white' });
    expect(sync.body.api_data).toEqual({ added: 0, retired: 0, changed: 0, returned: 0, total: 2 });
    expect((await target.client.get('/api/drill/stats?color=white')).body.api_data).toMatchObject({
      total: 2,
      retired: 3,
    });
    const next = (await target.client.get('/api/drill/next?color=white')).body.api_data;
    expect(next.map((i: { line: string; changed: boolean }) => [i.line, i.changed])).toEqual([
      ['', true],
      ['1. d4 d5', false],
    ]);
  });

  test('a Lichess study links each item to its chapter', async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'black', readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'), {
      link: 'https://lichess.org/study/i5a1oOJH',
    });
    const [first] = (await client.get('/api/drill/next?color=black')).body.api_data;
    expect(first.line).toBe('1. e4');
    expect(first.chapters[0].url).toMatch(/^https:\/\/lichess\.org\/study\/i5a1oOJH\/\w+$/);
  });
});
