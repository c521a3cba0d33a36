// The one-statement reads a drill call starts with, against the separate reads they stand for, and
// the deck a process expects to serve checked against what another process changed.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { drillItems } from '../db/schema.js';
import { generateStudy } from '../../../bench/generated-study.js';
import { editsSignature } from '../repertoire/edits-store.js';
import { chooseNewItems, readItemsByKeys } from './drill-items-repository.js';
import { isShared, readNewDay } from './drill-new-day.js';
import { storeItems } from './drill-new-items.js';
import { readDrillHead, readLineQueue, readNextQueue } from './drill-queue-repository.js';
import { syncedDeck } from './drill-sync.js';

const RUY = '[Event "Prep: Ruy"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n';
const AFTER_E4_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -';
const AFTER_E4_C5_KEY = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -';

describe.each(testDatabaseKinds())('the drill queue reads on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  // Another process of the same deployment.
  let other: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    other = await startTestServer(database);
  });
  afterAll(async () => {
    await other.close();
    await server.close();
    await database.close();
  });

  const withStudy = async (prefix: string) => {
    const signed = await signedInClient(server, { prefix });
    const stored = await signed.client.postJson('/api/update-study', {
      color: 'white',
      study_text: RUY,
      title: 'Prep',
    });
    expect(stored.status).toBe(200);
    return signed;
  };
  const edit = (client: HttpClient, line: string) =>
    client.postJson('/api/repertoire/edit', { color: 'white', line, op: 'add' });
  const fens = async (client: HttpClient) =>
    ((await client.get('/api/drill/next?color=white')).body.api_data as { fen: string }[]).map((item) => item.fen);

  test("the head's edits are the colour's edits signature; the allowance counts today's New answers", async () => {
    const { client, userId } = await withStudy('qhead');
    const before = await readDrillHead(database.db, userId, 'white', { dayStart: new Date(0) });
    expect(before.edits).toBe(await editsSignature(database.db, userId, 'white'));
    expect(before.newLeft).toBe(20);
    expect(before.day).toEqual({ perDay: 20, answered: 0, decks: { white: 3, black: 0 } });
    expect(before.study?.synced).toMatch(/:3$/);
    expect((await edit(client, '1. e4 c5 2. Nf3')).status).toBe(200);
    expect((await edit(client, '1. e4 e6 2. d4')).status).toBe(200);
    const after = await readDrillHead(database.db, userId, 'white');
    expect(after.edits).toBe(await editsSignature(database.db, userId, 'white'));
    expect(after.edits).not.toBe(before.edits);
    // Without a day the allowance is not read.
    expect(after.newLeft).toBe(0);
    expect(after.day).toBeUndefined();

    const [item] = (await client.get('/api/drill/next?color=white&limit=1')).body.api_data;
    expect((await client.postJson('/api/drill/answer', { id: item.id, uci: 'e2e4' })).status).toBe(200);
    const answered = await readDrillHead(database.db, userId, 'white', { dayStart: new Date(0) });
    expect(answered.newLeft).toBe(19);
    // The two lines added make 5 positions: the colours' figures, 1 of them answered today.
    const day = answered.day!;
    expect(day).toEqual({ perDay: 20, answered: 1, decks: { white: 5, black: 0 } });
    expect(isShared(day)).toBe(false);
    expect(await readNewDay(database.db, userId, new Date(0), day)).toEqual({
      perDay: 20,
      answered: { white: 1, black: 0 },
      toLearn: { white: 4, black: 0 },
    });
    expect((await readDrillHead(database.db, userId, 'black', { dayStart: new Date(0) })).study).toBeUndefined();
  });

  test('due items come oldest first; New items are chosen among the keys only while some can be served', async () => {
    const { client, userId } = await withStudy('qdue');
    const served = (await client.get('/api/drill/next?color=white')).body.api_data as { id: number }[];
    expect(served).toHaveLength(3);
    // Two made due, the later one first.
    const mark = (id: number, due: Date) =>
      database.db
        .update(drillItems)
        .set({ due, changedAt: due })
        .where(and(eq(drillItems.userId, userId), eq(drillItems.id, id)));
    await mark(served[2].id, new Date(Date.now() - 60_000));
    await mark(served[0].id, new Date(Date.now() - 120_000));
    const query = { now: new Date(), dayStart: new Date(0), limit: 20, keys: [START, AFTER_E4_E5, AFTER_E4_C5_KEY] };
    const read = await readNextQueue(database.db, userId, 'white', query);
    expect(read.due.map((row) => row.id)).toEqual([served[0].id, served[2].id]);
    expect(read.room).toBe(18);
    // Among the keys: the start is due (not New), the next one New with its row, the last without a row.
    const [row] = await readItemsByKeys(database.db, userId, 'white', [AFTER_E4_E5], false);
    expect(read.chosen).toEqual([{ key: AFTER_E4_E5, row }, { key: AFTER_E4_C5_KEY }]);
    expect(await chooseNewItems(database.db, userId, 'white', query.keys, 18)).toEqual(read.chosen);
    expect(await chooseNewItems(database.db, userId, 'white', query.keys, 1)).toEqual([{ key: AFTER_E4_E5, row }]);
    const line = await readLineQueue(database.db, userId, 'white', query);
    expect(line.due).toEqual(read.due.map((item) => item.positionKey));
    expect(line.chosen).toEqual(read.chosen);

    // The due items fill the limit, or no allowance is left: nothing is chosen.
    expect((await readNextQueue(database.db, userId, 'white', { ...query, limit: 2 })).chosen).toBeUndefined();
    await client.postJson('/api/drill/settings', { new_per_day: 0 });
    expect((await readNextQueue(database.db, userId, 'white', query)).chosen).toBeUndefined();
    await client.postJson('/api/drill/settings', { new_per_day: 20 });
    expect((await readNextQueue(database.db, userId, 'white', { ...query, keys: [] })).chosen).toBeUndefined();
  });

  test('an edit made through another process is drilled at once, though this one expected the deck it served', async () => {
    const { client } = await withStudy('qedit');
    expect(await fens(client)).not.toContain(AFTER_E4_C5);
    // This process now expects the deck it served; the other changes the repertoire.
    const otherClient = other.client();
    for (const [name, value] of client.cookies) otherClient.cookies.set(name, value);
    expect((await edit(otherClient, '1. e4 c5 2. Nf3')).status).toBe(200);
    expect(await fens(client)).toContain(AFTER_E4_C5);
    const line = JSON.stringify((await client.get('/api/drill/line?color=white')).body.api_data);
    expect(line).toContain('"san":"e4"');
  });

  test('a row served before and written since, by any process, is served as it now is', async () => {
    const { client, userId } = await withStudy('qkept');
    const items = async () =>
      (await client.get('/api/drill/next?color=white')).body.api_data as { id: number; line: string; due: string }[];
    const first = await items();
    // Read again, so this process keeps the rows with their versions.
    expect(await items()).toEqual(first);
    const [written] = first;
    const due = new Date(Date.now() - 60_000);
    await database.db
      .update(drillItems)
      .set({ line: '1. e4 e5 *', due, changedAt: due })
      .where(and(eq(drillItems.userId, userId), eq(drillItems.id, written.id)));
    const after = await items();
    expect(after.find((item) => item.id === written.id)).toMatchObject({ line: '1. e4 e5 *', due: due.toISOString() });
    expect(after.filter((item) => item.id !== written.id)).toEqual(first.filter((item) => item.id !== written.id));
  });

  test('New items past many answered ones: next serves the first unanswered of the deck, in order', async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'qmany' });
    const stored = await client.postJson('/api/update-study', {
      color: 'white',
      study_text: generateStudy(6),
      title: 'Generated',
    });
    expect(stored.status).toBe(200);
    const source = (await syncedDeck(server.app, userId, 'white'))!;
    expect(source.deck.length).toBeGreaterThan(300);
    // The first 150 items answered (not due), and one further on changed: none of them is New.
    const answered = source.deck.slice(0, 150);
    await storeItems(server.app, userId, 'white', source, [...answered, source.deck[155]]);
    const later = new Date(Date.now() + 86_400_000);
    await database.db
      .update(drillItems)
      .set({ state: 2, reps: 1, due: later })
      .where(
        and(
          eq(drillItems.userId, userId),
          inArray(
            drillItems.positionKey,
            answered.map((item) => item.key),
          ),
        ),
      );
    await database.db
      .update(drillItems)
      .set({ changedAt: new Date(), due: later })
      .where(and(eq(drillItems.userId, userId), eq(drillItems.positionKey, source.deck[155].key)));
    const expected = source.deck.filter((_, i) => i >= 150 && i !== 155).slice(0, 20);
    const first = (await client.get('/api/drill/next?color=white')).body.api_data as { fen: string }[];
    expect(first.map((item) => item.fen)).toEqual(expected.map((item) => item.fen));
    // Again, now that this process expects the deck: the same items.
    const again = (await client.get('/api/drill/next?color=white')).body.api_data as { fen: string }[];
    expect(again.map((item) => item.fen)).toEqual(expected.map((item) => item.fen));
  });
});
