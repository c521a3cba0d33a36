import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type HttpClient as TestClient,
  type Json,
  type TestServer,
} from '../../../test/helper.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { studies } from '../db/schema.js';
import { laterKindsPlayers, withoutIds } from './account-data-later-players.js';

// What the export gained after its first version: the workshop's sources and edits, the coverage
// goal and expected scores, the fitted schedule, game analyses and tries at mistakes, kept
// preparations, Woodpecker sets and the automatic import's setting. They travel to another account
// and back equal, a second import adds nothing, and a bad row of any of them stores nothing.

const LATER_KEYS = [
  'repertoire_sources',
  'repertoire_edits',
  'coverage_goals',
  'expected_scores',
  'scheduler',
  'game_analyses',
  'learn_attempts',
  'opponent_preps',
  'woodpecker_sets',
];

/** The later kinds' counts in an import summary of a file that has none of them. */
const NO_LATER_KINDS = {
  repertoire_sources: 0,
  repertoire_edits: 0,
  coverage_goals: 0,
  expected_scores: 0,
  scheduler: 0,
  game_analyses: 0,
  learn_attempts: 0,
  opponent_preps: 0,
  woodpecker_sets: 0,
  woodpecker_attempts: 0,
};

const NOTHING = { ...NO_LATER_KINDS, auto_import_chosen: 0 };

describe.each(testDatabaseKinds())('the later kinds of the export on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let doc: Json;
  let sourceCounts: typeof NOTHING;

  const { laterKindsPlayer, laterRowCounts } = laterKindsPlayers(() => server);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    const source = await laterKindsPlayer();
    const answer = await source.client.get('/api/export');
    expect(answer.status).toBe(200);
    doc = answer.body;
    sourceCounts = await laterRowCounts(source.userId);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  test('the export carries every later kind', () => {
    expect(sourceCounts).toEqual({
      repertoire_sources: 3,
      repertoire_edits: 5,
      coverage_goals: 1,
      expected_scores: 2,
      scheduler: 1,
      game_analyses: 2,
      learn_attempts: 3,
      opponent_preps: 1,
      woodpecker_sets: 1,
      woodpecker_attempts: 3,
      auto_import_chosen: 1,
    });
    expect(doc.settings).toEqual({ drill_new_per_day: 20, auto_import: false });
    expect(doc.studies.white.additions_chapter).toBe('abcdefgh/ijklmnop');
    expect(doc.repertoire_sources.map((s: Json) => [s.name, s.enabled, s.exclusions])).toEqual([
      ['Ruy', true, ''],
      ['Sicilian', true, '?!'],
      ['Switched off', false, ''],
    ]);
    expect(doc.repertoire_edits.map((e: Json) => e.op)).toEqual(['add', 'comment', 'add', 'add', 'remove']);
    const [, , first, second] = doc.repertoire_edits;
    expect([first.group_id, second.group_id]).toEqual([first.id, first.id]);
    expect(doc.coverage_goals).toEqual([{ color: 'white', goal: 0.02, updated_at: expect.any(String) }]);
    expect(doc.scheduler).toMatchObject({ reviews: 420, fitted_recall: 0.89 });
    expect(doc.game_analyses.map((a: Json) => a.depth).sort()).toEqual([12, 18]);
    expect(doc.learn_attempts).toHaveLength(3);
    expect(doc.opponent_preps[0]).toMatchObject({ username: 'Opp_One', surprises: [{ played_san: 'c5' }] });
    expect(doc.woodpecker_sets[0].cycles.map((c: Json) => c.cycle)).toEqual([1, 2]);
    expect(doc.game_reviews.map((r: Json) => r.imported).sort()).toEqual([false, true]);
  });

  test('another account gets every row back equal; a second import adds nothing', async () => {
    const target = await signedInClient(server, { prefix: 'later-target' });
    const first = await target.client.postJson('/api/import', doc);
    expect(first.status).toBe(200);
    expect(first.body.api_data).toMatchObject({
      game_reviews: 2,
      studies: 1,
      repertoire_sources: 3,
      repertoire_edits: 5,
      coverage_goals: 1,
      expected_scores: 2,
      scheduler: 1,
      game_analyses: 2,
      learn_attempts: 3,
      opponent_preps: 1,
      woodpecker_sets: 1,
      woodpecker_attempts: 3,
    });
    expect(await laterRowCounts(target.userId)).toEqual(sourceCounts);
    const again = (await target.client.get('/api/export')).body;
    expect(withoutIds(again)).toEqual(withoutIds(doc));

    const second = await target.client.postJson('/api/import', doc);
    expect(second.status).toBe(200);
    expect(Object.values(second.body.api_data).every((n) => n === 0)).toBe(true);
    expect(await laterRowCounts(target.userId)).toEqual(sourceCounts);

    // The group came back whole: one undo takes both of its edits back, after the last edit alone.
    const edits = async () => (await target.client.get('/api/repertoire/edits?color=white')).body.api_data.length;
    expect(await edits()).toBe(5);
    await target.client.postJson('/api/repertoire/undo', { color: 'white' });
    expect(await edits()).toBe(4);
    await target.client.postJson('/api/repertoire/undo', { color: 'white' });
    expect(await edits()).toBe(2);
  });

  test('the account the file came from gains nothing from it', async () => {
    const player = await laterKindsPlayer();
    const own = (await player.client.get('/api/export')).body;
    const before = await laterRowCounts(player.userId);
    const answer = await player.client.postJson('/api/import', own);
    expect(answer.status).toBe(200);
    expect(Object.values(answer.body.api_data).every((n) => n === 0)).toBe(true);
    expect(await laterRowCounts(player.userId)).toEqual(before);
  });

  test('a document without the later keys imports as before', async () => {
    const older = structuredClone(doc);
    for (const key of LATER_KEYS) delete older[key];
    delete older.settings.auto_import;
    delete older.studies.white.additions_chapter;
    for (const review of older.game_reviews) delete review.imported;
    const target = await signedInClient(server, { prefix: 'later-older' });
    const answer = await target.client.postJson('/api/import', older);
    expect(answer.status).toBe(200);
    expect(answer.body.api_data).toEqual({
      game_reviews: 2,
      mistakes: expect.any(Number),
      cards: 0,
      review_logs: 0,
      studies: 1,
      drill: expect.any(Number),
      drill_logs: 0,
      uploaded_stats: 0,
      ...NO_LATER_KINDS,
    });
    expect(await laterRowCounts(target.userId)).toEqual(NOTHING);
    // The study stored alone becomes the colour's first source when the sources are read.
    const sources = (await target.client.get('/api/repertoire/sources?color=white')).body.api_data;
    expect(sources).toHaveLength(1);
  });

  test("a colour's sources come with its study: only when the file's study is the newer", async () => {
    const names = async (client: TestClient) =>
      (await client.get('/api/repertoire/sources?color=white')).body.api_data.map((s: Json) => s.name);
    const newer = await signedInClient(server, { prefix: 'later-newer' });
    await newer.client.postJson('/api/update-study', { color: 'white', title: 'Mine', study_text: '1. c4 *' });
    expect((await newer.client.postJson('/api/import', doc)).body.api_data).toMatchObject({
      studies: 0,
      repertoire_sources: 0,
    });
    expect(await names(newer.client)).toEqual(['Mine']);

    const older = await signedInClient(server, { prefix: 'later-older-study' });
    await older.client.postJson('/api/update-study', { color: 'white', title: 'Old', study_text: '1. c4 *' });
    await database.db
      .update(studies)
      .set({ lastUpdate: new Date('2020-01-01T00:00:00Z') })
      .where(eq(studies.userId, older.userId));
    expect((await older.client.postJson('/api/import', doc)).body.api_data).toMatchObject({
      studies: 1,
      repertoire_sources: 3,
    });
    expect(await names(older.client)).toEqual(['Ruy', 'Sicilian', 'Switched off']);
  });

  test.each([
    [
      'a source whose text does not read',
      (d: Json) => (d.repertoire_sources[1].study_text = '1. e4 e5 2. Ke3 *'),
      /^Bad row repertoire_sources\[1\].*study_text/,
    ],
    [
      'a ninth source of a colour',
      (d: Json) => d.repertoire_sources.push(...Array(6).fill(d.repertoire_sources[0])),
      /^Bad row repertoire_sources\[8\].*8 white sources/,
    ],
    [
      'an edit with an illegal line',
      (d: Json) => (d.repertoire_edits[1].line = '1. e4 e5 2. Ke3'),
      /^Bad row repertoire_edits\[1\].*line: .*illegal move/,
    ],
    [
      "an edit whose san is not its line's",
      (d: Json) => (d.repertoire_edits[0].san = 'Bb5'),
      /^Bad row repertoire_edits\[0\].*san/,
    ],
    [
      'an edit of a group not in the file',
      (d: Json) => (d.repertoire_edits[3].group_id = 999_999),
      /^Bad row repertoire_edits\[3\].*group_id: 999999/,
    ],
    ['a goal out of range', (d: Json) => (d.coverage_goals[0].goal = 2), /^Bad row coverage_goals\[0\]: goal/],
    [
      'an expected score below 0',
      (d: Json) => (d.expected_scores[1].score = -1),
      /^Bad row expected_scores\[1\].*score/,
    ],
    ['a schedule of two weights', (d: Json) => (d.scheduler.weights = [1, 2]), /^Bad row scheduler: weights/],
    [
      'an analysis of a review not in the file',
      (d: Json) => (d.game_analyses[0].game_review_id = 999_999),
      /^Bad row game_analyses\[0\].*999999 is not a game review of the file/,
    ],
    [
      'an analysis with an illegal best move',
      (d: Json) => (d.game_analyses.find((a: Json) => a.depth === 18).evals[1].best_uci = 'e2e5'),
      /^Bad row game_analyses\[\d\].*best_uci e2e5/,
    ],
    [
      'a try of a review not in the file',
      (d: Json) => (d.learn_attempts[2].game_review_id = 424_242),
      /^Bad row learn_attempts\[2\].*424242/,
    ],
    [
      'a try with an illegal move',
      (d: Json) => (d.learn_attempts[0].uci = 'a1a8'),
      /^Bad row learn_attempts\[0\].*uci: a1a8/,
    ],
    [
      'a preparation with a broken position',
      (d: Json) => (d.opponent_preps[0].surprises[0].fen = 'not a fen'),
      /^Bad row opponent_preps\[0\].*surprises\.0\.fen/,
    ],
    [
      'a preparation game with a script link',
      (d: Json) => (d.opponent_preps[0].surprises[0].games[0].link = 'javascript:alert(1)'),
      /^Bad row opponent_preps\[0\].*link/,
    ],
    [
      'a Woodpecker answer to a position not in its set',
      (d: Json) => (d.woodpecker_sets[0].attempts[0].position_id = 999_999),
      /^Bad row woodpecker_sets\[0\].*attempts\[0\]\.position_id: 999999/,
    ],
    [
      'a Woodpecker position that is no position',
      (d: Json) => (d.woodpecker_sets[0].positions[1].fen = 'not a fen'),
      /^Bad row woodpecker_sets\[0\].*positions\.1\.fen/,
    ],
    [
      'a Woodpecker answer not legal in its position',
      (d: Json) => (d.woodpecker_sets[0].positions[0].answer_uci = 'e2e5'),
      /^Bad row woodpecker_sets\[0\].*positions\[0\]\.answer_uci/,
    ],
    [
      'an automatic import setting that is no choice',
      (d: Json) => (d.settings.auto_import = 'yes'),
      /^Bad row settings: auto_import/,
    ],
  ])('%s is refused, naming it, and nothing is stored', async (_, spoil, message) => {
    const bad = structuredClone(doc);
    spoil(bad);
    const target = await signedInClient(server, { prefix: 'later-bad' });
    const answer = await target.client.postJson('/api/import', bad);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect(await laterRowCounts(target.userId)).toEqual(NOTHING);
    expect((await target.client.get('/api/get-game-reviews')).body.api_data).toEqual([]);
  });

  test("edits past the workshop's limit, in the file or with the account's own, are refused before anything is stored", async () => {
    const { client, userId } = await signedInClient(server, { prefix: 'later-limit' });
    const edits = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...doc.repertoire_edits[0],
        id: i + 1,
        created_at: new Date(Date.parse('2026-03-01T00:00:00Z') + i).toISOString(),
      }));
    const many = { ...structuredClone(doc), repertoire_edits: edits(5_001) };
    const inFile = await client.postJson('/api/import', many);
    expect(inFile.status).toBe(400);
    expect(inFile.body.error).toMatch(/^Bad row repertoire_edits\[5000\].*more than 5,000 white edits/);
    expect(await laterRowCounts(userId)).toEqual(NOTHING);

    expect((await client.postJson('/api/import', doc)).body.api_data.repertoire_edits).toBe(5);
    const more = { ...structuredClone(doc), repertoire_edits: edits(4_996) };
    more.game_reviews[0].link = 'https://lichess.org/another-game';
    const withOwn = await client.postJson('/api/import', more);
    expect(withOwn.status).toBe(400);
    expect(withOwn.body.error).toMatch(/^Bad row repertoire_edits\[4995\].*would pass 5,000 edits/);
    const counts = await laterRowCounts(userId);
    expect(counts.repertoire_edits).toBe(5);
    expect((await client.get('/api/get-game-reviews')).body.api_data).toHaveLength(2);
  });
});
