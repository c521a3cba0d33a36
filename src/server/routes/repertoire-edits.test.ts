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
import type { Database } from '../db/client.js';
import { repertoireEdits } from '../db/schema.js';
import { MAX_ADDED_PLIES_PER_COLOR, MAX_EDITS_PER_COLOR } from '../repertoire/edits-store.js';

const STUDY = [
  '[Event "Prep: Open"]\n[ChapterName "Open"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
  '[Event "Prep: Sicilian"]\n[ChapterName "Sicilian"]\n\n1. e4 c5 2. Nf3 d6 3. d4 *',
].join('\n\n');
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_B6 = 'rnbqkbnr/p1pppppp/1p6/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

describe.each(testDatabaseKinds())('repertoire edits on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    // A second server on the same database: another process of the same deployment.
    second = await startTestServer(database);
  });
  afterAll(async () => {
    await second.close();
    await server.close();
    await database.close();
  });

  const withStudy = async (text = STUDY) => {
    const signed = await signedInClient(server, { prefix: 'edits' });
    const stored = await signed.client.postJson('/api/update-study', {
      color: 'white',
      study_text: text,
      title: 'Prep',
    });
    expect(stored.status).toBe(200);
    return signed;
  };
  const edit = (client: HttpClient, line: string, op = 'add', color = 'white') =>
    client.postJson('/api/repertoire/edit', { color, line, op });
  const edits = async (client: HttpClient, color = 'white') =>
    (await client.get(`/api/repertoire/edits?color=${color}`)).body.api_data;
  const position = async (client: HttpClient, fen: string) =>
    (await client.get(`/api/repertoire/position?color=white&fen=${encodeURIComponent(fen)}`)).body.api_data;
  const stored = (userId: number) =>
    database.db.select().from(repertoireEdits).where(eq(repertoireEdits.userId, userId)).orderBy(repertoireEdits.id);

  test('an edit is in drill/stats and drill/next as soon as its answer arrives', async () => {
    const { client } = await withStudy();
    // Every position served (so each has a row), then the Sicilian taken out and a new line put in.
    const served = (await client.get('/api/drill/next?color=white&limit=50')).body.api_data as { line: string }[];
    expect(served.some((item) => item.line.startsWith('1. e4 c5'))).toBe(true);
    const before = (await client.get('/api/drill/stats?color=white')).body.api_data;
    for (let round = 0; round < 3; round++) {
      expect((await edit(client, '1. e4 c5 2. Nf3', 'remove')).status).toBe(200);
      const stats = (await client.get('/api/drill/stats?color=white')).body.api_data;
      expect(stats.total).toBe(before.total - 2);
      const next = (await client.get('/api/drill/next?color=white&limit=50')).body.api_data as { line: string }[];
      expect(next.filter((item) => item.line.startsWith('1. e4 c5 2. Nf3'))).toEqual([]);
      expect((await edit(client, '1. e4 c5 2. Nf3 d6 3. d4')).status).toBe(200);
      expect((await client.get('/api/drill/stats?color=white')).body.api_data.total).toBe(before.total);
      const back = (await client.get('/api/drill/next?color=white&limit=50')).body.api_data as { line: string }[];
      expect(back.some((item) => item.line.startsWith('1. e4 c5 2. Nf3 d6'))).toBe(true);
    }
  });

  test('without a session every call answers 401', async () => {
    const client = server.client();
    expect((await edit(client, '1. e4')).status).toBe(401);
    expect((await client.get('/api/repertoire/edits?color=white')).status).toBe(401);
    expect((await client.postJson('/api/repertoire/undo', { color: 'white' })).status).toBe(401);
    expect((await client.get(`/api/repertoire/position?color=white&fen=${AFTER_E4}`)).status).toBe(401);
  });

  test('add stores the edit at once; the position shows the new move; edits lists it; undo drops it', async () => {
    const { client, userId } = await withStudy();
    // Positions with a move: the start, after 1. e4, three of the Open and three of the Sicilian.
    const added = await edit(client, '1.e4 b6 2.d4');
    expect(added.status).toBe(200);
    expect(added.body.api_data).toEqual({ edits: 1, positions: 8 + 1 });
    expect(
      (await position(client, AFTER_E4)).moves.map((m: { san: string; added: boolean }) => [m.san, m.added]),
    ).toEqual([
      ['e5', false],
      ['c5', false],
      ['b6', true],
    ]);
    const after = await position(client, AFTER_E4_B6);
    expect(after).toMatchObject({ in_repertoire: true, player_to_move: true, fen: AFTER_E4_B6 });
    expect(after.moves).toEqual([
      {
        san: 'd4',
        uci: 'd2d4',
        fen: 'rnbqkbnr/p1pppppp/1p6/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2',
        added: true,
        comment: '',
        shapes: [],
        glyphs: [],
        own_note: '',
      },
    ]);
    const list = await edits(client);
    expect(list).toEqual([
      { op: 'add', line: '1. e4 b6 2. d4', san: 'd4', created_at: expect.any(String), pushed: false, stale: false },
    ]);
    // A reload elsewhere (the second process) sees the same.
    const elsewhere = second.client();
    for (const [k, v] of client.cookies) elsewhere.cookies.set(k, v);
    expect(await edits(elsewhere)).toEqual(list);
    expect((await position(elsewhere, AFTER_E4_B6)).moves).toHaveLength(1);

    const undone = await client.postJson('/api/repertoire/undo', { color: 'white' });
    expect(undone.body.api_data).toEqual({ edits: 0, positions: 8 });
    expect(await stored(userId)).toEqual([]);
    expect((await position(elsewhere, AFTER_E4_B6)).in_repertoire).toBe(false);
    // Undo with nothing left changes nothing.
    expect((await client.postJson('/api/repertoire/undo', { color: 'white' })).body.api_data).toEqual({
      edits: 0,
      positions: 8,
    });
  });

  test('an undo right after an edit comes back to the repertoire held before it; a second undo rebuilds', async () => {
    const { client, userId } = await withStudy();
    const held = () => server.app.repertoireMemory.editedStates.get(`${userId}:white`)?.edited.rep;
    await edit(client, '1. e4 b6 2. d4');
    const afterFirst = held();
    await edit(client, '1. e4 g6 2. d4');
    expect((await client.postJson('/api/repertoire/undo', { color: 'white' })).body.api_data).toEqual({
      edits: 1,
      positions: 9,
    });
    // The very repertoire, not one built again from the stored edits.
    expect(held()).toBe(afterFirst);
    expect((await position(client, AFTER_E4)).moves.map((m: { san: string }) => m.san)).toEqual(['e5', 'c5', 'b6']);
    await edit(client, '1. e4 g6 2. d4');
    await edit(client, '1. e4 a6 2. d4');
    await client.postJson('/api/repertoire/undo', { color: 'white' });
    const second = await client.postJson('/api/repertoire/undo', { color: 'white' });
    expect(second.body.api_data).toEqual({ edits: 1, positions: 9 });
    expect(held()).not.toBe(afterFirst);
    expect((await position(client, AFTER_E4)).moves.map((m: { san: string }) => m.san)).toEqual(['e5', 'c5', 'b6']);
  });

  test('a note on a move: shown with the move, in the PGN, changed, cleared and undone like any edit', async () => {
    const { client } = await withStudy();
    const note = (line: string, comment: string) =>
      client.postJson('/api/repertoire/edit', { color: 'white', line, op: 'comment', comment });
    const e4 = async () =>
      (await position(client, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).moves[0];

    expect((await note('1. e4', '  Best by test  ')).status).toBe(200);
    expect(await e4()).toMatchObject({ san: 'e4', comment: 'Best by test', own_note: 'Best by test' });
    expect((await edits(client)).at(-1)).toMatchObject({ op: 'comment', line: '1. e4', comment: 'Best by test' });
    const pgn = (await client.get('/api/repertoire/pgn?color=white')).text;
    expect(pgn).toContain('1. e4 { Best by test }');
    // The same note again is not a new edit; another text is.
    await note('1. e4', 'Best by test');
    expect(await edits(client)).toHaveLength(1);
    await note('1. e4', 'Fights for the centre');
    expect((await e4()).own_note).toBe('Fights for the centre');
    await client.postJson('/api/repertoire/undo', { color: 'white' });
    expect((await e4()).own_note).toBe('Best by test');
    await note('1. e4', '');
    expect(await e4()).toMatchObject({ comment: '', own_note: '' });

    // A move not in the repertoire, a missing or too long text: 400, nothing stored.
    const before = (await edits(client)).length;
    const absent = await note('1. d4', 'x');
    expect(absent.status).toBe(400);
    expect(absent.body.error).toMatch(/is not in your white repertoire/);
    const missing = await client.postJson('/api/repertoire/edit', { color: 'white', line: '1. e4', op: 'comment' });
    expect(missing.body.error).toMatch(/comment is required with op comment/);
    expect((await note('1. e4', 'x'.repeat(2001))).body.error).toMatch(/comment is too long/);
    expect(await edits(client)).toHaveLength(before);
  });

  test('remove takes out the move and what only it reached; a line already played in full is not kept as an edit', async () => {
    const { client, userId } = await withStudy();
    const removed = await edit(client, '1. e4 c5', 'remove');
    expect(removed.body.api_data).toEqual({ edits: 1, positions: 8 - 3 });
    expect((await position(client, AFTER_E4)).moves.map((m: { san: string }) => m.san)).toEqual(['e5']);
    const same = await edit(client, '1. e4 e5 2. Nf3');
    expect(same.body.api_data).toEqual({ edits: 1, positions: 5 });
    // Counted again from what each edit touched.
    expect((await edit(client, '1. e4 c5 2. Nc3 Nc6')).body.api_data).toEqual({ edits: 2, positions: 7 });
    expect((await edit(client, '1. e4 c5', 'remove')).body.api_data).toEqual({ edits: 3, positions: 5 });
    await client.postJson('/api/repertoire/undo', { color: 'white' });
    expect((await stored(userId)).map((e) => [e.op, e.line, e.san, e.anchored])).toEqual([
      ['remove', '1. e4 c5', 'c5', true],
      ['add', '1. e4 c5 2. Nc3 Nc6', 'Nc6', false],
    ]);
  });

  test('bad input is a clear 400 and stores nothing', async () => {
    const { client, userId } = await withStudy();
    const cases: [unknown, RegExp][] = [
      [{ color: 'white', line: '1. e4 e5 2. Ke3', op: 'add' }, /^The line has an illegal move: 2\. Ke3$/],
      [{ color: 'white', line: '   ', op: 'add' }, /line must not be empty/],
      [{ color: 'white', line: '1. e4 (1. d4) e5', op: 'add' }, /without variations/],
      [
        { color: 'white', line: '1. d4', op: 'remove' },
        /^The line's last move, 1\. d4, is not in your white repertoire$/,
      ],
      [{ color: 'white', line: '1. e4 e5 2. Nf3 Nc6 3. Bc4', op: 'remove' }, /3\. Bc4, is not in your white/],
      [{ color: 'black', line: '1. e4', op: 'add' }, /^You have no black study: set one on Manage Openings first$/],
      [{ color: 'green', line: '1. e4', op: 'add' }, /color must be white or black/],
      [{ color: 'white', line: '1. e4', op: 'move' }, /op must be add, remove or comment/],
      [{ color: 'white', line: `1. e4 ${'Nf6 Nf3 Ng8 Ng1 '.repeat(400)}`, op: 'add' }, /line is too long/],
      [
        { color: 'white', line: Array.from({ length: 80 }, () => 'Nf3 Nf6 Ng1 Ng8').join(' '), op: 'add' },
        /too long \(at most 300 moves\)/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await client.postJson('/api/repertoire/edit', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    expect((await client.postJson('/api/repertoire/undo', { color: 'black' })).status).toBe(400);
    expect((await client.get('/api/repertoire/position?color=white&fen=not-a-fen')).status).toBe(400);
    expect(await edits(client, 'black')).toEqual([]);
    expect(await stored(userId)).toEqual([]);
  });

  test(`a colour keeps at most ${MAX_EDITS_PER_COLOR} edits: the next is a 400 and is not stored`, async () => {
    const { client, userId } = await withStudy();
    await database.db.execute(sql`
      insert into repertoire_edits (user_id, color, op, line, san, anchored)
      select ${userId}, 'white', 'add', '1. e4 b6 2. d4', 'd4', true from generate_series(1, ${MAX_EDITS_PER_COLOR - 1})`);
    expect((await edit(client, '1. e4 e6')).body.api_data.edits).toBe(MAX_EDITS_PER_COLOR);
    const refused = await edit(client, '1. e4 d6');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/already has 5,000 edits, the most it keeps/);
    expect((await stored(userId)).length).toBe(MAX_EDITS_PER_COLOR);
    expect((await position(client, AFTER_E4)).moves.map((m: { san: string }) => m.san)).toEqual([
      'e5',
      'c5',
      'b6',
      'e6',
    ]);
  });

  test(`a colour's additions hold at most ${MAX_ADDED_PLIES_PER_COLOR} moves: past it a 400, nothing stored`, async () => {
    const { client, userId } = await withStudy();
    expect((await edit(client, '1. e4 b6 2. d4')).status).toBe(200);
    expect((await stored(userId)).map((row) => row.plies)).toEqual([3]);
    // Long lines already stored: 2 moves short of the bound.
    await database.db.execute(sql`
      insert into repertoire_edits (user_id, color, op, line, san, anchored, plies)
      values (${userId}, 'white', 'add', '1. e4 b6 2. d4', 'd4', true, ${MAX_ADDED_PLIES_PER_COLOR - 5})`);
    const refused = await edit(client, '1. e4 e6 2. d4');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/would add more than 60,000 moves \(they hold 59,998, this adds 3\)/);
    expect((await stored(userId)).length).toBe(2);
    // A removal adds nothing, and a line within the bound still goes in.
    expect((await edit(client, '1. e4 c5 2. Nf3 d6', 'remove')).status).toBe(200);
    expect((await edit(client, '1. e4 e6')).status).toBe(200);
    expect((await stored(userId)).map((row) => row.plies)).toEqual([3, MAX_ADDED_PLIES_PER_COLOR - 5, 0, 2]);
  });

  test('two processes editing one repertoire at once lose nothing', async () => {
    const { client } = await withStudy();
    const other = second.client();
    for (const [k, v] of client.cookies) other.cookies.set(k, v);
    const replies = [
      'a6',
      'a5',
      'b6',
      'b5',
      'c6',
      'd6',
      'd5',
      'e6',
      'f6',
      'f5',
      'g6',
      'g5',
      'h6',
      'h5',
      'Na6',
      'Nc6',
      'Nf6',
      'Nh6',
    ];
    const answers = await Promise.all(replies.map((san, i) => edit(i % 2 ? other : client, `1. e4 ${san}`)));
    for (const a of answers) expect(a.status).toBe(200);
    const list = await edits(other);
    expect(list).toHaveLength(replies.length);
    expect(new Set(list.map((e: { san: string }) => e.san))).toEqual(new Set(replies));
    for (const c of [client, other])
      expect((await position(c, AFTER_E4)).moves.map((m: { san: string }) => m.san).sort()).toEqual(
        ['e5', 'c5', ...replies.filter((s) => s !== 'e5' && s !== 'c5')].sort(),
      );
    // Undo from both at once takes two edits, the last two.
    await Promise.all([
      client.postJson('/api/repertoire/undo', { color: 'white' }),
      other.postJson('/api/repertoire/undo', { color: 'white' }),
    ]);
    expect((await edits(client)).map((e: { line: string }) => e.line)).toEqual(
      list.slice(0, -2).map((e: { line: string }) => e.line),
    );
  });

  test("another study in place of the colour's drops its edits; removing the study keeps them", async () => {
    const { client, userId } = await withStudy();
    const link = (l: string | null) => ({ color: 'white', study_text: STUDY, title: 'Prep', link: l });
    await client.postJson('/api/update-study', link('https://lichess.org/study/abcdEFGH'));
    await edit(client, '1. e4 b6');
    await client.postJson('/api/update-study', link('https://lichess.org/study/abcdEFGH'));
    await client.postJson('/api/update-study', { color: 'white', study_text: null, title: '', link: null });
    await client.postJson('/api/update-study', link('https://lichess.org/study/abcdEFGH'));
    expect((await stored(userId)).map((e) => e.line)).toEqual(['1. e4 b6']);
    await client.postJson('/api/update-study', link('https://lichess.org/study/zzzzYYYY'));
    expect(await stored(userId)).toEqual([]);
    expect((await position(client, AFTER_E4)).moves.map((m: { san: string }) => m.san)).toEqual(['e5', 'c5']);
  });

  test('edits survive a refresh of the study; one whose position left the study is flagged stale', async () => {
    const { client } = await withStudy();
    await edit(client, '1. e4 c5 2. Nf3 Nc6');
    await edit(client, '1. e4 e5 2. Nf3 Nc6 3. Bb5', 'remove');
    await edit(client, '1. e4 e5 2. Nf3 Nc6 3. Bc4');
    expect((await edits(client)).map((e: { stale: boolean }) => e.stale)).toEqual([false, false, false]);
    // The refreshed study lost the Sicilian and gained 3. Bb5's other line.
    const refreshed =
      '[ChapterName "Open"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[ChapterName "Italian"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 *';
    await client.postJson('/api/update-study', { color: 'white', study_text: refreshed, title: 'Prep' });
    const list = await edits(client);
    expect(list.map((e: { stale: boolean }) => e.stale)).toEqual([true, false, false]);
    expect(
      (await position(client, AFTER_E4)).moves.map((m: { san: string; added: boolean }) => [m.san, m.added]),
    ).toEqual([
      ['e5', false],
      ['c5', true],
    ]);
    const afterNc6 = await position(client, 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    expect(afterNc6.moves.map((m: { san: string }) => m.san)).toEqual(['Bc4']);
  });
});
