import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, startTestServer, testDatabaseKinds, type TestServer } from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { cards, reviewLogs, sessions, users } from '../db/schema.js';
import { accountDataPlayers, AFTER_E4, AFTER_E4_KEY, START, TOKEN_SECRET } from './account-data-players.js';

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

  const { signUp, populated, rowCounts } = accountDataPlayers(
    () => server,
    () => database,
  );

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
    // The white study came with its one source; the player made nothing of the later kinds.
    expect(first.body.api_data).toEqual({
      ...expected,
      repertoire_sources: 1,
      repertoire_edits: 0,
      coverage_goals: 0,
      expected_scores: 0,
      scheduler: 0,
      game_analyses: 0,
      learn_attempts: 0,
      opponent_preps: 0,
      woodpecker_sets: 0,
      woodpecker_attempts: 0,
    });
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
});
