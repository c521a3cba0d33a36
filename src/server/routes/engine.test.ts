import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeSites, type FakeSites } from '../../../e2e/fakes/fake-sites.js';
import { readFixture } from '../../../test/fixtures.js';
import { reviewPayload } from '../../../test/game-review-payload.js';
import { mainlineMoves, parseGames } from '../../chess/index.js';
import { HttpClient, openTestDatabase, signInDirectly, testConfig, testDatabaseKinds } from '../../../test/helper.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { cloudEvals } from '../db/schema.js';
import { SCHOLAR_EVALS } from '../../../test/scholar-evals.js';

const SCHOLAR = `[Event "Casual game"]
[White "villain"]
[Black "hero"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`;
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_D5 = 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

describe.each(testDatabaseKinds())('engine calls on %s', (kind) => {
  let database: Database;
  let sites: FakeSites;
  let app: FastifyInstance;
  let url: string;
  const logLines: { msg: string; level: number }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sites = await startFakeSites();
    // The log is read: Lichess failing must leave a line.
    const config = testConfig({ lichessUrl: sites.lichessUrl, siteTimeoutMs: 800, logger: true });
    app = await buildApp(config, { database, logStream: { write: (line) => logLines.push(JSON.parse(line)) } });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    // The cache outlives a run on PostgreSQL: every run starts from an empty one.
    await app.db.delete(cloudEvals);
  });
  afterEach(() => sites.reset());
  afterAll(async () => {
    await app?.close();
    await sites?.close();
    await database?.close();
  });

  const player = async () => {
    const client = new HttpClient(url);
    await signInDirectly(app, client, { prefix: 'eng' });
    return client;
  };
  const saveScholar = async (client: HttpClient) => {
    const saved = await client.postJson(
      '/api/upsert-game-review',
      reviewPayload({ hero_color: 'Black', pgn: SCHOLAR, link: null, username: 'hero' }),
    );
    expect(saved.status, saved.text).toBe(200);
    return saved.body.api_data.id as number;
  };
  const analyse = (client: HttpClient, id: number, evals: unknown[] = SCHOLAR_EVALS) =>
    client.postJson('/api/game-analysis', { game_review_id: id, depth: 14, evals });

  test('the blunder that allows mate is stored as an engine-made Mistake with the better move', async () => {
    const client = await player();
    const id = await saveScholar(client);
    const answer = await analyse(client, id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.api_data.mistakes).toEqual([
      expect.objectContaining({ ply: 6, move: 'Nf6', better_move: 'g6', kind: 'blunder', game_review_id: id }),
    ]);
    // Stored with the review: the analysis and the Mistake come back after a reload.
    const stored = await client.get(`/api/game-analysis?game_review_id=${id}`);
    expect(stored.body.api_data).toEqual({
      depth: 14,
      evals: SCHOLAR_EVALS,
      updated_at: expect.any(String),
      accuracy: answer.body.api_data.accuracy,
      acpl: answer.body.api_data.acpl,
    });
    // Black's Nf6 threw the game away.
    const { accuracy, acpl } = answer.body.api_data;
    expect(accuracy.white).toBeGreaterThan(80);
    expect(accuracy.black).toBeLessThan(70);
    expect(acpl.black).toBeGreaterThan(acpl.white);
    const reviews = (await client.get('/api/get-game-reviews')).body.api_data;
    expect(reviews[0].mistakes).toEqual([expect.objectContaining({ ply: 6, kind: 'blunder' })]);
  });

  test('analysing again replaces the engine-made Mistakes, never a hand-marked one', async () => {
    const client = await player();
    const id = await saveScholar(client);
    await analyse(client, id);
    const hand = await client.postJson('/api/upsert-mistake', {
      game_review_id: id,
      ply: 4,
      move: 'Nc6',
      notes: 'mine',
    });
    expect(hand.status).toBe(200);
    // A second analysis finds Nc6 an inaccuracy and Nf6 a blunder again.
    const evals = SCHOLAR_EVALS.map((e) => (e.ply === 4 ? { ...e, cp: 140 } : e));
    const answer = await analyse(client, id, evals);
    const mistakes = answer.body.api_data.mistakes;
    expect(mistakes.map((m: { ply: number; kind: string | null }) => [m.ply, m.kind])).toEqual([
      [4, null],
      [6, 'blunder'],
    ]);
    expect(mistakes[0].notes).toBe('mine');
  });

  test("Lichess's own evaluation list of a game gives Lichess's published accuracy, ACPL and judgements", async () => {
    const client = await player();
    const pgn = readFixture('lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn');
    const saved = await client.postJson(
      '/api/upsert-game-review',
      reviewPayload({ hero_color: 'White', pgn, link: null, username: 'Lance5500' }),
    );
    expect(saved.status, saved.text).toBe(200);
    const id = saved.body.api_data.id as number;
    const game = parseGames(pgn).unwrap()[0];
    const evals = mainlineMoves(game).map((m) => {
      const [, mate, value] = /\[%eval (#?)(-?[\d.]+)\]/.exec(m.comments!.join(' '))!;
      return mate ? { ply: m.ply, mate: Number(value) } : { ply: m.ply, cp: Math.round(Number(value) * 100) };
    });
    const answer = await analyse(client, id, evals);
    expect(answer.status, answer.text).toBe(200);
    // Lichess's JSON export of the game: white and black analysis {accuracy 90, acpl 26} each.
    expect(answer.body.api_data.accuracy).toEqual({ white: 90, black: 90 });
    expect(answer.body.api_data.acpl).toEqual({ white: 26, black: 26 });
    // White's 5 inaccuracies, 2 mistakes and 1 blunder, as Lichess marked them.
    const kinds = answer.body.api_data.mistakes.map((m: { ply: number; kind: string; move: string }) => [
      m.ply,
      m.move,
      m.kind,
    ]);
    expect(kinds).toEqual([
      [27, 'Qf3', 'mistake'],
      [31, 'Qe2', 'inaccuracy'],
      [37, 'Rac1', 'mistake'],
      [39, 'Be3', 'inaccuracy'],
      [43, 'b3', 'inaccuracy'],
      [53, 'Rxe1', 'inaccuracy'],
      [107, 'Nd2', 'blunder'],
      [117, 'Ke3', 'inaccuracy'],
    ]);
    const stored = (await client.get(`/api/game-analysis?game_review_id=${id}`)).body.api_data;
    expect(stored.accuracy).toEqual({ white: 90, black: 90 });
    expect(stored.acpl).toEqual({ white: 26, black: 26 });
  });

  test("marking the engine's move by hand replaces the engine's Mistake there", async () => {
    const client = await player();
    const id = await saveScholar(client);
    await analyse(client, id);
    await client.postJson('/api/upsert-mistake', { game_review_id: id, ply: 6, move: 'Nf6', notes: 'saw it' });
    const mistakes = (await client.postJson('/api/get-mistakes', { game_review_id: id })).body.api_data;
    expect(mistakes).toEqual([expect.objectContaining({ ply: 6, kind: null, notes: 'saw it' })]);
    // And a new analysis leaves it alone.
    const again = (await analyse(client, id)).body.api_data.mistakes;
    expect(again).toEqual([expect.objectContaining({ ply: 6, kind: null, notes: 'saw it' })]);
  });

  test('a stopped analysis is stored as far as it went', async () => {
    const client = await player();
    const id = await saveScholar(client);
    const answer = await analyse(client, id, SCHOLAR_EVALS.slice(0, 4));
    expect(answer.status).toBe(200);
    expect(answer.body.api_data.mistakes).toEqual([]);
    expect((await client.get('/api/game-analysis/pending')).body.api_data).toEqual({ ids: [], analysed: 1 });
  });

  test('a ply past the game is 400 and nothing is stored', async () => {
    const client = await player();
    const id = await saveScholar(client);
    const answer = await analyse(client, id, [...SCHOLAR_EVALS, { ply: 8, cp: 0 }]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/ply 8 is past the game's end/);
    expect((await client.get(`/api/game-analysis?game_review_id=${id}`)).body.api_data).toBeNull();
    expect((await client.get('/api/game-analysis/pending')).body.api_data).toEqual({ ids: [id], analysed: 0 });
  });

  test('bad evaluations are 400: an illegal best move, a ply twice, neither cp nor mate', async () => {
    const client = await player();
    const id = await saveScholar(client);
    expect((await analyse(client, id, [{ ply: 0, cp: 10, best_uci: 'e2e5' }])).body.error).toMatch(/not a legal move/);
    expect(
      (
        await analyse(client, id, [
          { ply: 1, cp: 1 },
          { ply: 1, cp: 2 },
        ])
      ).body.error,
    ).toMatch(/twice/);
    const neither = await analyse(client, id, [{ ply: 1 }]);
    expect(neither.status).toBe(400);
    expect((await client.get(`/api/game-analysis?game_review_id=${id}`)).body.api_data).toBeNull();
  });

  test("another player's review and a missing one are 404", async () => {
    const owner = await player();
    const id = await saveScholar(owner);
    const other = await player();
    expect((await analyse(other, id)).status).toBe(404);
    expect((await analyse(other, 2_000_000_000)).status).toBe(404);
    expect((await other.get(`/api/game-analysis?game_review_id=${id}`)).status).toBe(404);
    // The owner's review is untouched.
    expect((await owner.get(`/api/game-analysis?game_review_id=${id}`)).body.api_data).toBeNull();
  });

  test('own repertoire moves come likeliest first, each with the line to its position', async () => {
    const client = await player();
    const stored = await client.postJson('/api/update-study', {
      color: 'white',
      exclude_move_indicators: '',
      link: null,
      study_text: '1. e4 e5 (1... c5 2. Nf3 d6 3. d4) 2. Nf3 Nc6 3. Bb5 *',
      title: 'white study',
    });
    expect(stored.status, stored.text).toBe(200);
    const answer = await client.get('/api/engine/own-moves?color=white');
    expect(answer.status, answer.text).toBe(200);
    const moves = answer.body.api_data as { line: string; san: string; reach: number }[];
    // The shares behind reach come from the shared explorer cache, which other players may have filled.
    expect(moves.map((m) => [m.line, m.san]).sort()).toEqual(
      [
        ['', 'e4'],
        ['1. e4 e5', 'Nf3'],
        ['1. e4 c5', 'Nf3'],
        ['1. e4 e5 2. Nf3 Nc6', 'Bb5'],
        ['1. e4 c5 2. Nf3 d6', 'd4'],
      ].sort(),
    );
    expect(moves[0]).toMatchObject({ line: '', san: 'e4', reach: 1 });
    for (let i = 1; i < moves.length; i++) expect(moves[i].reach).toBeLessThanOrEqual(moves[i - 1].reach);
    // The two replies to 1. e4 share at most all of its reach.
    const replies = moves.filter((m) => m.line === '1. e4 e5' || m.line === '1. e4 c5');
    expect(replies[0].reach + replies[1].reach).toBeLessThanOrEqual(1);
    expect((await client.get('/api/engine/own-moves?color=black')).status).toBe(400);
  });

  test('cloud eval is cached: a second ask of the position makes no call to Lichess', async () => {
    const client = await player();
    const first = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(START)}&multiPv=3`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.api_data.depth).toBe(70);
    expect(first.body.api_data.pvs).toHaveLength(3);
    expect(first.body.api_data.pvs[0]).toEqual({ cp: 18, moves: expect.stringMatching(/^e2e4 /) });
    const calls = sites.requests('lichess-cloud-eval');
    // Other move counters are the same position.
    const second = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(START.replace('0 1', '3 9'))}&multiPv=3`);
    expect(second.body).toEqual(first.body);
    expect(sites.requests('lichess-cloud-eval')).toBe(calls);
  });

  test('a position Lichess has no evaluation for (404) gives null, cached too', async () => {
    const client = await player();
    const answer = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(AFTER_E4_D5)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ api_data: null });
    expect(sites.requests('lichess-cloud-eval')).toBe(1);
    await client.get(`/api/cloud-eval?fen=${encodeURIComponent(AFTER_E4_D5)}`);
    expect(sites.requests('lichess-cloud-eval')).toBe(1);
  });

  test('Lichess down gives null and a log line, and is asked again after its rest', async () => {
    const client = await player();
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    sites.setMode('lichess-cloud-eval', 'down');
    const before = logLines.length;
    const answer = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(fen)}&multiPv=2`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ api_data: null });
    expect(logLines.slice(before).some((l) => l.msg === 'Lichess cloud eval failed; no evaluation')).toBe(true);
    sites.setMode('lichess-cloud-eval', 'ok');
    // A Lichess that just failed is left alone for the site time limit (800 ms here): its fallback comes at once.
    expect((await client.get(`/api/cloud-eval?fen=${encodeURIComponent(fen)}&multiPv=2`)).body).toEqual({
      api_data: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 900));
    const again = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(fen)}&multiPv=2`);
    expect(again.body.api_data.pvs[0]).toEqual({ cp: 26, moves: expect.stringMatching(/^e7e5 /) });
  });

  test('a FEN with a tab between fields reaches Lichess normalised and leaves the shared cache intact', async () => {
    const client = await player();
    const oddlySpaced = START.replace(' w ', '\tw  ').replace('KQkq -', 'KQkq  -');
    const odd = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(oddlySpaced)}&multiPv=2`);
    expect(odd.status, odd.text).toBe(200);
    expect(odd.body.api_data.pvs[0]).toEqual({ cp: 18, moves: expect.stringMatching(/^e2e4 /) });
    const plain = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(START)}&multiPv=2`);
    expect(plain.body).toEqual(odd.body);
  });

  test('an en passant square no pawn can take on is dropped before Lichess is asked', async () => {
    const client = await player();
    const withEp = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    const answer = await client.get(`/api/cloud-eval?fen=${encodeURIComponent(withEp)}&multiPv=1`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.api_data.pvs[0]).toEqual({ cp: 26, moves: expect.stringMatching(/^e7e5 /) });
  });

  test('cloud eval input is checked: a bad FEN or multiPv is 400, no session is 401', async () => {
    const client = await player();
    expect((await client.get('/api/cloud-eval?fen=not-a-fen')).status).toBe(400);
    expect((await client.get(`/api/cloud-eval?fen=${encodeURIComponent(START)}&multiPv=9`)).status).toBe(400);
    expect((await new HttpClient(url).get(`/api/cloud-eval?fen=${encodeURIComponent(START)}`)).status).toBe(401);
    expect(sites.requests('lichess-cloud-eval')).toBe(0);
  });
});
