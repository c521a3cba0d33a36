import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  uniqueUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import {
  cards,
  drillItems,
  drillLogs,
  gameReviews,
  lichessConnections,
  mistakes,
  reviewLogs,
  sessions,
  studies,
  userPositionStats,
  users,
} from '../db/schema.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_KEY = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';
const GAME_PGN = '[White "me"]\n[Black "them"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *';
const TOKEN_SECRET = 'encrypted-token-that-must-never-leave';

describe.each(testDatabaseKinds())('export, import, Anki deck and account deletion on %s', (kind) => {
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

  interface Player {
    client: HttpClient;
    id: number;
    fields: ReturnType<typeof uniqueUser>;
  }

  async function signUp(prefix = 'data'): Promise<Player> {
    const fields = uniqueUser(prefix);
    const client = server.client();
    const answer = await client.postForm('/api/register', fields);
    expect(answer.body.api_status).toBe('success');
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, fields.username));
    return { client, id: row.id, fields };
  }

  /** A player with one of every kind of row, made through the app's own calls where it has them. */
  async function populated(): Promise<Player> {
    const player = await signUp();
    const { client } = player;
    await client.postForm('/api/update-lichess-username', { username_lichess: 'lichess_me' });
    await client.postForm('/api/update-chess-dot-com-username', { username_chess_dot_com: 'cc_me' });
    await database.db.update(users).set({ drillNewPerDay: 12 }).where(eq(users.id, player.id));
    const review = await client.postJson('/api/upsert-game-review', {
      pgn: GAME_PGN,
      hero_color: 'White',
      opponent_name: 'them',
      link: `https://lichess.org/${player.fields.username}`,
      notes: 'Played the Ruy Lopez',
      date_time_played: '2026-01-02T10:00:00Z',
    });
    expect(review.status).toBe(200);
    await client.postJson('/api/upsert-game-review', { pgn: '1. d4 d5 *', hero_color: 'Black', notes: 'no link' });
    await client.postJson('/api/upsert-mistake', {
      game_review_id: review.body.api_data.id,
      ply: 5,
      fen: AFTER_E4,
      move: 'Bb5',
      better_move: 'Bc4',
      notes: 'too early',
    });
    const upsert = await client.postJson('/api/upsert-cards', [
      {
        id: 'card-1',
        prompt: 'What now? <b>bold</b> & "quoted"\nsecond line',
        prompt_fen: START,
        answer: 'e4\tfor sure',
        answer_fen: AFTER_E4,
        orientation: 'black',
      },
      { id: 'card-2', prompt: 'Plain', prompt_fen: AFTER_E4, answer: 'Answer', answer_fen: START },
    ]);
    expect(upsert.status).toBe(200);
    expect((await client.postJson('/api/review-card', { id: 'card-1', rating: 3 })).status).toBe(200);
    await client.postJson('/api/update-study', {
      color: 'white',
      study_text: '1. e4 e5 2. Nf3 *',
      title: 'My whites',
      link: null,
      exclude_move_indicators: '?',
    });
    // Served once, the white study's two items are stored (New items are rows only once served).
    expect((await client.get('/api/drill/next?color=white')).body.api_data).toHaveLength(2);
    const [item] = await database.db
      .insert(drillItems)
      .values({
        userId: player.id,
        color: 'black',
        positionKey: AFTER_E4_KEY,
        fen: AFTER_E4,
        line: '1. e4',
        moveNumber: 1,
        answers: [{ uci: 'c7c5', san: 'c5' }],
        ord: 1,
        chapters: [{ name: 'Sicilian', url: null }],
        due: new Date('2026-02-01T00:00:00Z'),
        stability: 3.2,
        difficulty: 5.1,
        reps: 2,
        state: 2,
        lastReview: new Date('2026-01-20T00:00:00Z'),
      })
      .returning({ id: drillItems.id });
    await database.db.insert(drillLogs).values({
      userId: player.id,
      itemId: item.id,
      uci: 'c7c5',
      correct: 1,
      rating: 3,
      state: 1,
      due: new Date('2026-01-20T00:00:00Z'),
      stability: 1,
      difficulty: 5,
      elapsedDays: 0,
      lastElapsedDays: 0,
      scheduledDays: 0,
      review: new Date('2026-01-20T00:00:00Z'),
    });
    await database.db.insert(userPositionStats).values({
      userId: player.id,
      fen: AFTER_E4_KEY,
      speeds: 'blitz',
      ratings: '1600',
      white: 10,
      draws: 2,
      black: 8,
      moves: [{ uci: 'c7c5', san: 'c5', white: 5, draws: 1, black: 4 }],
    });
    await database.db
      .insert(lichessConnections)
      .values({ userId: player.id, lichessName: 'lichess_me', tokenEncrypted: TOKEN_SECRET });
    return player;
  }

  const rowCounts = async (userId: number) => {
    const count = async (
      table:
        | typeof cards
        | typeof gameReviews
        | typeof mistakes
        | typeof reviewLogs
        | typeof studies
        | typeof drillItems
        | typeof drillLogs
        | typeof userPositionStats,
    ) => {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.userId, userId));
      return row.n;
    };
    return {
      game_reviews: await count(gameReviews),
      mistakes: await count(mistakes),
      cards: await count(cards),
      review_logs: await count(reviewLogs),
      studies: await count(studies),
      drill: await count(drillItems),
      drill_logs: await count(drillLogs),
      uploaded_stats: await count(userPositionStats),
    };
  };

  test('every call needs a session', async () => {
    const client = server.client();
    expect((await client.get('/api/export')).status).toBe(401);
    expect((await client.get('/api/export/anki.txt')).status).toBe(401);
    expect((await client.postJson('/api/import', { format: 'chess-prep', version: 1 })).status).toBe(401);
    expect((await client.postForm('/api/delete-account', { password: 'x' })).body).toEqual({
      api_result: 'user_not_logged_in',
    });
  });

  test('the export of a populated account has every kind of row and no secret', async () => {
    const player = await populated();
    const answer = await player.client.get('/api/export');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="chess-prep-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const doc = answer.body;
    expect(doc.format).toBe('chess-prep');
    expect(doc.version).toBe(1);
    expect(Date.parse(doc.exported_at)).not.toBeNaN();
    expect(doc.user).toEqual({
      email: player.fields.email,
      username: player.fields.username,
      username_lichess: 'lichess_me',
      username_chess_dot_com: 'cc_me',
    });
    expect(doc.settings).toEqual({ drill_new_per_day: 12 });
    expect(doc.game_reviews).toHaveLength(2);
    const linked = doc.game_reviews.find((r: { link: string | null }) => r.link);
    expect(linked.mistakes).toEqual([
      expect.objectContaining({ ply: 5, fen: AFTER_E4, move: 'Bb5', better_move: 'Bc4', notes: 'too early' }),
    ]);
    expect(doc.cards.map((c: { id: string }) => c.id)).toEqual(['card-1', 'card-2']);
    expect(doc.cards[0]).toMatchObject({ reps: 1, state: expect.any(Number), last_review: expect.any(String) });
    expect(doc.review_logs).toEqual([expect.objectContaining({ card_id: 'card-1', rating: 3 })]);
    expect(doc.studies.white).toMatchObject({
      title: 'My whites',
      study_text: '1. e4 e5 2. Nf3 *',
      exclude_move_indicators: '?',
    });
    expect(doc.studies.black).toBeNull();
    // The white study's served items and the black item with its history.
    expect(doc.drill).toHaveLength(3);
    expect(doc.drill.filter((item: { color: string }) => item.color === 'white')).toHaveLength(2);
    expect(doc.drill).toContainEqual(
      expect.objectContaining({
        color: 'black',
        position_key: AFTER_E4_KEY,
        reps: 2,
        logs: [expect.objectContaining({ uci: 'c7c5' })],
      }),
    );
    expect(doc.uploaded_stats).toEqual([expect.objectContaining({ fen: AFTER_E4_KEY, white: 10 })]);

    const [stored] = await database.db.select().from(users).where(eq(users.id, player.id));
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, player.id));
    expect(answer.text).not.toContain(stored.passwordHash);
    expect(answer.text).not.toContain(session.tokenHash);
    expect(answer.text).not.toContain(TOKEN_SECRET);
    expect(answer.text).not.toMatch(/password|token|session/i);
  });

  test('an import into a fresh account restores it, cards keep their schedule, and a second import adds nothing', async () => {
    const source = await populated();
    const doc = (await source.client.get('/api/export')).body;
    const target = await signUp('fresh');

    const first = await target.client.postJson('/api/import', doc);
    expect(first.status).toBe(200);
    const expected = {
      game_reviews: 2,
      mistakes: 1,
      cards: 2,
      review_logs: 1,
      studies: 1,
      drill: 3,
      drill_logs: 1,
      uploaded_stats: 1,
    };
    expect(first.body.api_data).toEqual(expected);
    expect(await rowCounts(target.id)).toEqual(expected);

    const sourceCards = (await source.client.get('/api/get-cards')).body.api_data;
    const targetCards = (await target.client.get('/api/get-cards')).body.api_data;
    const withoutOwner = (list: { user_id: string }[]) => list.map(({ user_id: _, ...card }) => card);
    expect(withoutOwner(targetCards)).toEqual(withoutOwner(sourceCards));

    const again = await target.client.postJson('/api/import', doc);
    expect(again.status).toBe(200);
    expect(Object.values(again.body.api_data).every((n) => n === 0)).toBe(true);
    expect(await rowCounts(target.id)).toEqual(expected);

    const reexport = (await target.client.get('/api/export')).body;
    expect(reexport.user).toMatchObject({ username: target.fields.username, username_lichess: 'lichess_me' });
    expect(reexport.settings).toEqual({ drill_new_per_day: 12 });
    expect(reexport.game_reviews.map((r: { pgn: string }) => r.pgn).sort()).toEqual(
      doc.game_reviews.map((r: { pgn: string }) => r.pgn).sort(),
    );
    expect(reexport.drill.find((item: { color: string }) => item.color === 'black').logs).toHaveLength(1);
    // The source account is untouched by all of this.
    expect(await rowCounts(source.id)).toEqual(expected);
  });

  test('importing an export into the account it came from adds nothing; a multipart upload works like JSON', async () => {
    const player = await populated();
    const answer = await player.client.get('/api/export');
    const before = await rowCounts(player.id);
    const again = await player.client.postJson('/api/import', answer.body);
    expect(Object.values(again.body.api_data).every((n) => n === 0)).toBe(true);
    expect(await rowCounts(player.id)).toEqual(before);

    const target = await signUp('multipart');
    const form = new FormData();
    form.append('file', new Blob([answer.text], { type: 'application/json' }), 'export.json');
    const uploaded = await target.client.postMultipart('/api/import', form);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.api_data.cards).toBe(2);
    expect(await rowCounts(target.id)).toEqual(before);

    const notJson = new FormData();
    notJson.append('file', new Blob(['{not json'], { type: 'application/json' }), 'export.json');
    const refused = await target.client.postMultipart('/api/import', notJson);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/not JSON/);
  });

  test('the export streams every row of a large account, page after page', async () => {
    const player = await signUp('large');
    const many = Array.from({ length: 1234 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, '0')}`,
      userId: player.id,
      promptFen: START,
      answerFen: AFTER_E4,
      prompt: `card ${i}`,
      due: new Date('2026-03-01T00:00:00Z'),
    }));
    for (let i = 0; i < many.length; i += 500) await database.db.insert(cards).values(many.slice(i, i + 500));
    const logs = Array.from({ length: 450 }, (_, i) => ({
      userId: player.id,
      cardId: `bulk-${String(i).padStart(5, '0')}`,
      rating: 3,
      state: 0,
      due: new Date('2026-03-01T00:00:00Z'),
      stability: 1,
      difficulty: 5,
      elapsedDays: 0,
      lastElapsedDays: 0,
      scheduledDays: 1,
      review: new Date(Date.UTC(2026, 1, 1, 0, i)),
    }));
    await database.db.insert(reviewLogs).values(logs);
    const answer = await player.client.get('/api/export');
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.body.cards.map((c: { id: string }) => c.id)).toEqual(many.map((c) => c.id));
    expect(answer.body.review_logs).toHaveLength(450);
    const target = await signUp('large-target');
    expect((await target.client.postJson('/api/import', answer.body)).body.api_data).toMatchObject({
      cards: 1234,
      review_logs: 450,
    });
  });

  test('a bad row stores nothing and the 400 names it', async () => {
    const source = await populated();
    const doc = (await source.client.get('/api/export')).body;
    doc.cards[1].prompt_fen = 'not a fen';
    const target = await signUp('badrow');
    const answer = await target.client.postJson('/api/import', doc);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('cards[1] (id card-2)');
    expect(answer.body.error).toContain('prompt_fen');
    expect(await rowCounts(target.id)).toEqual({
      game_reviews: 0,
      mistakes: 0,
      cards: 0,
      review_logs: 0,
      studies: 0,
      drill: 0,
      drill_logs: 0,
      uploaded_stats: 0,
    });

    const withNul = structuredClone(doc);
    withNul.game_reviews[1].notes = 'before\u0000after';
    const nul = await target.client.postJson('/api/import', withNul);
    expect(nul.status).toBe(400);
    // Refused by the server-wide NUL check, which names the field by its path.
    expect(nul.body.error).toMatch(/game_reviews(\[1\]|\.1)\.notes/);
    expect((await rowCounts(target.id)).game_reviews).toBe(0);

    const badReview = structuredClone(doc);
    badReview.game_reviews[0].hero_color = 'Green';
    expect((await target.client.postJson('/api/import', badReview)).body.error).toMatch(/^Bad row game_reviews\[0\]/);
  });

  test('another format or version is refused', async () => {
    const player = await signUp('format');
    const other = await player.client.postJson('/api/import', { format: 'something-else', version: 1, cards: [] });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/not a Chess Prep export/);
    expect((await player.client.postJson('/api/import', { format: 'chess-prep', version: 2 })).status).toBe(400);
    expect((await player.client.postJson('/api/import', [1, 2])).status).toBe(400);
  });

  test('the Anki file has its header lines, one line a card, escaped text and an SVG board on each side', async () => {
    const player = await populated();
    const answer = await player.client.get('/api/export/anki.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="chess-prep-cards-.*\.txt"$/);
    const lines = answer.text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack\tTags']);
    expect(lines).toHaveLength(3 + 2);
    const fields = lines.slice(3).map((line) => line.split('\t'));
    for (const row of fields) {
      expect(row).toHaveLength(3);
      expect(row[0]).toMatch(/<svg [^>]*>.*<\/svg>/);
      expect(row[1]).toMatch(/<svg [^>]*>.*<\/svg>/);
      expect(row[2]).toBe('chess-prep');
      expect(row.join('')).not.toContain('"');
    }
    const first = fields.find((row) => row[0].includes('What now?'))!;
    expect(first[0]).toContain('What now? &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;<br>second line');
    expect(first[0]).not.toContain('<b>');
    expect(first[1]).toContain('e4 for sure');
    // Black's view: the prompt board is drawn from Black's side.
    expect(first[0]).toContain('black at the bottom');
  });

  test('an account without cards gives the header lines only', async () => {
    const player = await signUp('nocards');
    const answer = await player.client.get('/api/export/anki.txt');
    expect(answer.text.split('\n')).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack\tTags']);
  });

  test('account deletion: a wrong password changes nothing; the right one removes every row and session, and frees the names', async () => {
    const player = await populated();
    const other = await populated();
    const otherBefore = await rowCounts(other.id);
    const secondBrowser = server.client();
    const login = await secondBrowser.postForm('/api/login', {
      username: player.fields.username,
      password: player.fields.password,
    });
    expect(login.body.LoggedIn).toBe(true);

    const wrong = await player.client.postForm('/api/delete-account', { password: 'not-my-password' });
    expect(wrong.body).toEqual({ api_result: 'bad_password' });
    expect((await player.client.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(true);
    expect((await rowCounts(player.id)).cards).toBe(2);

    const missing = await player.client.postForm('/api/delete-account', {});
    expect(missing.status).toBe(400);
    expect((await player.client.postForm('/api/delete-account', { password: '' })).body).toEqual({
      api_result: 'bad_password',
    });

    const cookieBefore = player.client.cookies.get('sid');
    const right = await player.client.postForm('/api/delete-account', { password: player.fields.password });
    expect(right.body).toEqual({ api_result: 'account_deleted' });
    expect(player.client.cookies.has('sid')).toBe(false);

    expect(await database.db.select().from(users).where(eq(users.id, player.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, player.id))).toEqual([]);
    expect(await database.db.select().from(lichessConnections).where(eq(lichessConnections.userId, player.id))).toEqual(
      [],
    );
    expect(Object.values(await rowCounts(player.id)).every((n) => n === 0)).toBe(true);

    // The old session is refused, in this browser (cookie put back) and in the other one.
    const replay = server.client();
    replay.cookies.set('sid', cookieBefore!);
    expect((await replay.get('/api/get-cards')).status).toBe(401);
    expect((await secondBrowser.get('/api/export')).status).toBe(401);

    // Another player's data is untouched.
    expect(await rowCounts(other.id)).toEqual(otherBefore);
    expect((await other.client.get('/api/get-cards')).body.api_data).toHaveLength(2);

    // The email and username can sign up again.
    const again = await server.client().postForm('/api/register', player.fields);
    expect(again.body).toEqual({ api_status: 'success', api_data: 'register success' });
  });

  test("every table holding a player's rows goes with the player (user_id references users on delete cascade)", async () => {
    const rows = await database.db.execute<{ table_name: string; delete_rule: string | null }>(sql`
      select c.table_name, rc.delete_rule
      from information_schema.columns c
      left join information_schema.key_column_usage k
        on k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name
      left join information_schema.referential_constraints rc
        on rc.constraint_schema = k.constraint_schema and rc.constraint_name = k.constraint_name
      where c.table_schema = 'public' and c.column_name = 'user_id'`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows) as {
      table_name: string;
      delete_rule: string | null;
    }[];
    expect(list.length).toBeGreaterThan(5);
    const byTable = new Map<string, string[]>();
    for (const row of list)
      byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.delete_rule ?? 'none']);
    for (const [table, rules] of byTable)
      expect({ table, cascades: rules.includes('CASCADE') }).toEqual({ table, cascades: true });
  });
});
