// "All my replies" (the item after each opponent reply at a position) and the day's New items shared
// between the colours on drill/next.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_E5_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
/** Four White positions: the start, 1. e4 e5, 1. e4 e5 2. Nf3 Nc6, 1. e4 c5. */
const WHITE = '[Event "Open"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 *\n';
/** Twelve Black positions. */
const BLACK = [
  '[Event "Najdorf"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *',
  '[Event "Nimzo"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 *',
  '[Event "English"]\n\n1. c4 e5 2. Nc3 Nf6 *',
  '[Event "Reti"]\n\n1. Nf3 d5 2. g3 Nf6 *',
].join('\n\n');

type Item = { id: number; line: string; state: number; answers: { uci: string }[] };

describe.each(testDatabaseKinds())('all my replies and the New share on %s', (kind) => {
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

  const signedIn = () => signedInClient(server, { prefix: 'replies' });
  const storeStudy = (client: HttpClient, color: string, text: string) =>
    client.postJson('/api/update-study', { color, study_text: text, title: 'Prep' });
  const replies = (client: HttpClient, color: string, fen: string) =>
    client.postJson('/api/drill/replies', { color, fen });
  const next = async (client: HttpClient, color: string): Promise<Item[]> =>
    (await client.get(`/api/drill/next?color=${color}`)).body.api_data;
  const stats = async (client: HttpClient, color: string) =>
    (await client.get(`/api/drill/stats?color=${color}`)).body.api_data;
  const newLeftOnToday = async (client: HttpClient): Promise<number> =>
    (await client.get('/api/today?tz=UTC')).body.api_data.drill_new_left;

  test("all my replies: the item after each of the opponent's repertoire replies, in the study's order", async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    // A repetition of the FEN with other move counters names the same position.
    const res = await replies(client, 'white', AFTER_E4.replace(' 0 1', ' 0 9'));
    expect(res.status).toBe(200);
    expect(res.body.api_data.fen).toBe(AFTER_E4);
    expect(
      res.body.api_data.replies.map((r: { san: string; uci: string; item: Item }) => [r.san, r.uci, r.item.line]),
    ).toEqual([
      ['e5', 'e7e5', '1. e4 e5'],
      ['c5', 'c7c5', '1. e4 c5'],
    ]);
    const [afterE5, afterC5] = res.body.api_data.replies.map((r: { item: Item }) => r.item);
    expect(afterE5).toMatchObject({ state: 0, answers: [{ uci: 'g1f3', san: 'Nf3' }], before: { comment: '' } });
    // Each is a normal item: answering records a review.
    const right = await client.postJson('/api/drill/answer', { id: afterE5.id, uci: 'g1f3' });
    expect(right.body.api_data).toMatchObject({ correct: true, item: { reps: 1 } });
    const wrong = await client.postJson('/api/drill/answer', { id: afterC5.id, uci: 'd2d4' });
    expect(wrong.body.api_data).toMatchObject({ correct: false, item: { lapses: 0, reps: 1 } });
    // Asked again, the same items come back (now answered).
    const again = (await replies(client, 'white', AFTER_E4)).body.api_data.replies;
    expect(again.map((r: { item: Item }) => r.item.id)).toEqual([afterE5.id, afterC5.id]);
    expect(again.every((r: { item: Item }) => r.item.state > 0)).toBe(true);
    expect((await stats(client, 'white')).new_today).toBe(2);
  });

  test('one reply gives one item; positions not of the opponent or outside the repertoire are 404; bad input 400', async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    const single = (await replies(client, 'white', AFTER_E4_E5_NF3)).body.api_data;
    expect(single.replies.map((r: { san: string }) => r.san)).toEqual(['Nc6']);
    const own = await replies(client, 'white', AFTER_E4_E5);
    expect(own.status).toBe(404);
    expect(own.body).toEqual({ error: "Your white repertoire has no replies of the opponent's there" });
    const outside = AFTER_E4.replace('4P3', '3P4').replace('PPPP1PPP', 'PPP1PPPP');
    expect((await replies(client, 'white', outside)).status).toBe(404);
    expect((await replies(client, 'white', 'not a fen')).status).toBe(400);
    expect((await replies(client, 'purple', AFTER_E4)).status).toBe(400);
    const noBlack = await replies(client, 'black', AFTER_E4);
    expect(noBlack.status).toBe(400);
    expect(noBlack.body).toEqual({ error: 'You have no black study: set one on Manage Openings first' });
    expect((await server.client().postJson('/api/drill/replies', { color: 'white', fen: AFTER_E4 })).status).toBe(401);
  });

  test('line mode names where the opponent chose among several replies, for all my replies', async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    const line = (await client.get(`/api/drill/line?color=white&fen=${encodeURIComponent(AFTER_E4)}`)).body.api_data;
    expect(line.branch).toEqual({ fen: AFTER_E4, replies: 2 });
    expect(['1. e4 e5', '1. e4 c5']).toContain(line.ask.line);
    // From the start the first item is asked at once: no reply was chosen.
    expect((await client.get('/api/drill/line?color=white')).body.api_data.branch).toBeNull();
  });

  test("the day's New items are shared by the positions each colour has left; one colour never takes the other's", async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    await storeStudy(client, 'black', BLACK);
    await client.postJson('/api/drill/settings', { new_per_day: 4 });
    expect(await stats(client, 'white')).toMatchObject({ new: 4, new_per_day: 4, new_share: 1, new_left: 1 });
    expect(await stats(client, 'black')).toMatchObject({ new: 12, new_share: 3, new_left: 3 });
    expect(await newLeftOnToday(client)).toBe(4);

    // 4 White and 12 Black positions to learn: 1 of the 4 New a day is White's, 3 are Black's.
    const white = await next(client, 'white');
    expect(white.map((i) => i.line)).toEqual(['']);
    const black = await next(client, 'black');
    expect(black).toHaveLength(3);
    await client.postJson('/api/drill/answer', { id: white[0].id, uci: 'e2e4', rating: 4 });
    // White's share is used: drilling White takes none of Black's, and line mode asks nothing New.
    expect(await next(client, 'white')).toEqual([]);
    expect((await client.get('/api/drill/line?color=white')).body.api_data.ask).toBeNull();
    expect(await stats(client, 'white')).toMatchObject({ new_today: 1, new_share: 1, new_left: 0 });
    expect(await stats(client, 'black')).toMatchObject({ new_today: 1, new_share: 3, new_left: 3 });
    // Today counts what the drill will serve: the colours' shares left, not the day's allowance left.
    expect(await newLeftOnToday(client)).toBe(3);
    expect((await next(client, 'black')).map((i) => i.id)).toEqual(black.map((i) => i.id));

    // Black's share answered: the day is done for both colours.
    for (const item of black) await client.postJson('/api/drill/answer', { id: item.id, uci: item.answers[0].uci });
    expect(await stats(client, 'black')).toMatchObject({ new_today: 4, new_left: 0 });
    expect(await newLeftOnToday(client)).toBe(0);
    expect((await next(client, 'black')).filter((i) => i.state === 0)).toEqual([]);
  });

  test("line mode counts the day's New items from the player's midnight, as next does", async () => {
    const { client, userId } = await signedIn();
    await storeStudy(client, 'white', WHITE);
    await storeStudy(client, 'black', BLACK);
    await client.postJson('/api/drill/settings', { new_per_day: 4 });
    const [first] = await next(client, 'white');
    await client.postJson('/api/drill/answer', { id: first.id, uci: 'e2e4' });
    // The answer is moved to just before the later of two midnights: UTC's and UTC+12's (Etc/GMT-12).
    const day = 86_400_000;
    const now = Date.now();
    const midnight = (offset: number) => Math.floor((now + offset) / day) * day - offset;
    const [early, late] = midnight(0) < midnight(12 * 3_600_000) ? ['UTC', 'Etc/GMT-12'] : ['Etc/GMT-12', 'UTC'];
    const answeredAt = new Date(Math.max(midnight(0), midnight(12 * 3_600_000)) - 60_000).toISOString();
    await database.db.execute(sql`update drill_logs set review = ${answeredAt}::timestamptz where user_id = ${userId}`);
    const ask = async (tz: string) =>
      (await client.get(`/api/drill/line?color=white&tz=${encodeURIComponent(tz)}`)).body.api_data.ask;
    // Where the answer was today, White's one New item of the day is used; where it was yesterday, not.
    expect(await ask(early)).toBeNull();
    expect(await ask(late)).not.toBeNull();
  });

  test('with one study the colour has the whole allowance', async () => {
    const { client } = await signedIn();
    await storeStudy(client, 'black', BLACK);
    await client.postJson('/api/drill/settings', { new_per_day: 5 });
    expect(await next(client, 'black')).toHaveLength(5);
    expect(await stats(client, 'black')).toMatchObject({ new_share: 5, new_left: 5 });
    expect(await stats(client, 'white')).toMatchObject({ new: 0, new_share: 0, new_left: 0 });
  });
});
