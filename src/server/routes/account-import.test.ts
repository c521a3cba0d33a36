import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { cards, studies } from '../db/schema.js';
import { KEY_PAGE } from '../account-data/import-rows.js';
import { SMALL_STUDY } from '../openings/testdata/small-study.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const NOW = new Date().toISOString();
const envelope = { format: 'chess-prep', version: 1, exported_at: NOW };

const card = (id: string) => ({
  id,
  prompt: `Card ${id}`,
  prompt_fen: START,
  prompt_pgn: '',
  answer: 'e4',
  answer_fen: START,
  answer_pgn: '',
  orientation: 'white',
  due: NOW,
  stability: 0,
  difficulty: 0,
  elapsed_days: 0,
  scheduled_days: 0,
  reps: 0,
  lapses: 0,
  state: 0,
  last_review: null,
});

const stats = (fen: string, moves: unknown[]) => ({
  fen,
  speeds: 'blitz',
  ratings: '2000',
  white: 1,
  draws: 0,
  black: 0,
  moves,
});

describe.each(testDatabaseKinds())('importing an export on %s', (kind) => {
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

  const cardCount = async (userId: number) =>
    (await server.app.db.select({ n: count() }).from(cards).where(eq(cards.userId, userId)))[0].n;

  test('without a session the import is refused before its body is read', async () => {
    const client = server.client();
    const answer = await client.request('POST', '/api/import', '{this is not json', {
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ api_result: 'user_not_logged_in' });
  });

  test('JSON nested 20,000 deep is a clear 400', async () => {
    const { client } = await signedInClient(server);
    const deep = `{"format":"chess-prep","version":1,"cards":[${'['.repeat(20_000)}${']'.repeat(20_000)}]}`;
    const answer = await client.request('POST', '/api/import', deep, { 'content-type': 'application/json' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/nested more than \d+ levels deep/);
  });

  test.each([
    ['an illegal position', stats('8/8/8/8/8/8/8/8 w - - 0 1', []), /uploaded_stats\[0\].*fen/],
    [
      'a move in markup',
      stats(START, [{ uci: 'e2e4', san: '<img src=x>', white: 1, draws: 0, black: 0 }]),
      /uploaded_stats\[0\].*san/,
    ],
    [
      'a junk move',
      stats(START, [{ uci: 'zz99', san: 'e4', white: 1, draws: 0, black: 0 }]),
      /uploaded_stats\[0\].*uci/,
    ],
  ])('statistics rows with %s are refused as update_stats refuses them', async (_, row, message) => {
    const { client, userId } = await signedInClient(server);
    const answer = await client.postJson('/api/import', {
      ...envelope,
      cards: [card('kept-out')],
      uploaded_stats: [row],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect(await cardCount(userId)).toBe(0);
  });

  test('review logs of cards neither in the file nor in the account are refused', async () => {
    const { client, userId } = await signedInClient(server);
    const log = {
      id: 1,
      card_id: 'someone-elses-card',
      rating: 3,
      state: 2,
      due: NOW,
      stability: 1,
      difficulty: 5,
      elapsed_days: 0,
      last_elapsed_days: 0,
      scheduled_days: 1,
      review: NOW,
    };
    const answer = await client.postJson('/api/import', { ...envelope, cards: [card('mine')], review_logs: [log] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/review_logs\[0\].*someone-elses-card/);
    expect(await cardCount(userId)).toBe(0);
    const ok = await client.postJson('/api/import', {
      ...envelope,
      cards: [card('mine')],
      review_logs: [{ ...log, card_id: 'mine' }],
    });
    expect(ok.body.api_data).toMatchObject({ cards: 1, review_logs: 1 });
  });

  test('a javascript: link in an imported review or study is refused', async () => {
    const { client } = await signedInClient(server);
    const study = {
      title: 'S',
      link: 'javascript:alert(1)',
      study_text: SMALL_STUDY,
      exclude_move_indicators: '',
      last_update: NOW,
    };
    const answer = await client.postJson('/api/import', { ...envelope, studies: { white: study, black: null } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/studies.white.*link/);
  });

  test('a kind over its size limit is answered 413 naming the kind and its limit', async () => {
    const { client } = await signedInClient(server);
    const big = JSON.stringify({ ...envelope, uploaded_stats: [{ fen: 'x'.repeat(21 * 1024 * 1024) }] });
    const answer = await client.request('POST', '/api/import', big, { 'content-type': 'application/json' });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('uploaded_stats of the import is larger than the 20 MB limit');
  });

  test('after an import the drill of each colour equals the source account', async () => {
    const source = await signedInClient(server);
    await source.client.postJson('/api/update-study', { color: 'white', title: 'W', study_text: SMALL_STUDY });
    expect((await source.client.postJson('/api/drill/sync', { color: 'white' })).status).toBe(200);
    const doc = (await source.client.get('/api/export')).body;
    const target = await signedInClient(server);
    expect((await target.client.postJson('/api/import', doc)).status).toBe(200);
    const statsOf = async (client: typeof source.client) =>
      (await client.get('/api/drill/stats?color=white')).body.api_data;
    const [from, to] = [await statsOf(source.client), await statsOf(target.client)];
    expect(from.total).toBeGreaterThan(0);
    expect(to).toEqual(from);
    const synced = await server.app.db
      .select({ synced: studies.drillSynced })
      .from(studies)
      .where(and(eq(studies.userId, target.userId), eq(studies.color, 'white')));
    expect(synced[0].synced).not.toBeNull();
  });

  test('a large import is written in batches that other queries see between (embedded database)', async () => {
    const { client, userId } = await signedInClient(server);
    const total = 6_000;
    const doc = { ...envelope, cards: Array.from({ length: total }, (_, i) => card(`bulk-${i}`)) };
    let done = false;
    const seen = new Set<number>();
    const importing = client.postJson('/api/import', doc).finally(() => (done = true));
    while (!done) {
      seen.add(await cardCount(userId));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const answer = await importing;
    expect(answer.body.api_data.cards).toBe(total);
    const partial = [...seen].filter((n) => n > 0 && n < total);
    // PostgreSQL keeps the import in one transaction (other connections go on); the embedded database
    // has one connection, so there other players get their turns between the batches.
    if (kind === 'pglite') expect(partial.length).toBeGreaterThan(0);
    else expect(partial).toEqual([]);
    if (kind === 'pglite') {
      // The embedded database gathers no statistics by itself: the import had them gathered for the
      // tables it grew, so the planner pages through 6,000 cards by index, not by scanning them all.
      const gathered = await server.app.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'cards'`,
      );
      expect(rowsOf<{ n: number }>(gathered)[0].n).toBeGreaterThan(0);
    }

    const again = await client.postJson('/api/import', doc);
    expect(again.body.api_data.cards).toBe(0);
  });

  test('the account is read in pages before writing: a re-import of more rows than a page adds nothing', async () => {
    const { client } = await signedInClient(server);
    const total = KEY_PAGE + 50;
    // Review logs have no key of their own in the database: only the keys read first keep them single.
    const logs = Array.from({ length: total }, (_, i) => ({
      id: i + 1,
      card_id: 'logged',
      rating: 3,
      state: 2,
      due: NOW,
      stability: 1,
      difficulty: 5,
      elapsed_days: 0,
      last_elapsed_days: 0,
      scheduled_days: 1,
      review: new Date(Date.parse(NOW) - i * 60_000).toISOString(),
    }));
    const doc = { ...envelope, cards: [card('logged')], review_logs: logs };
    expect((await client.postJson('/api/import', doc)).body.api_data).toMatchObject({ cards: 1, review_logs: total });
    expect((await client.postJson('/api/import', doc)).body.api_data).toMatchObject({ cards: 0, review_logs: 0 });
  });

  test(
    'a server shutting down stops an import between two statements and closes at once',
    { timeout: 120_000 },
    async () => {
      const own = await startTestServer(database);
      const { client, userId } = await signedInClient(own);
      const total = 20_000;
      const doc = { ...envelope, cards: Array.from({ length: total }, (_, i) => card(`stop-${i}`)) };
      const importing = client.postJson('/api/import', doc);
      if (kind === 'pglite') {
        while ((await cardCount(userId)) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      } else await new Promise((resolve) => setTimeout(resolve, 1500));
      const started = Date.now();
      await own.close();
      // Not the 72 s keep-alive of the import's connection: the answer closed it.
      expect(Date.now() - started).toBeLessThan(20_000);
      const answer = await importing;
      expect(answer.status).toBe(503);
      expect(answer.body.error).toMatch(/import the file again/);
      expect(await cardCount(userId)).toBeLessThan(total);
    },
  );
});
