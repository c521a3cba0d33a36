import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { reviewPayload } from '../../../test/game-review-payload.js';
import { HttpClient, openTestDatabase, signInDirectly, testConfig, testDatabaseKinds } from '../../../test/helper.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { SCHOLAR_EVALS } from '../../../test/scholar-evals.js';

const SCHOLAR = `[Event "Casual game"]
[White "villain"]
[Black "hero"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`;

type Card = { id: string; prompt: string; prompt_fen: string; answer_fen: string; orientation: string };
type Training = { ply: number; card_id: string | null; in_repertoire: boolean; tries: number; solved: boolean };

describe.each(testDatabaseKinds())('training from mistakes on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp(testConfig(), { database });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const player = async () => {
    const client = new HttpClient(url);
    await signInDirectly(app, client, { prefix: 'mt' });
    return client;
  };
  /** The review of the game, analysed, with Nc6 marked by hand; answers its id and Mistakes by ply. */
  const analysedGame = async (client: HttpClient) => {
    const saved = await client.postJson(
      '/api/upsert-game-review',
      reviewPayload({ hero_color: 'Black', pgn: SCHOLAR, link: null, username: 'hero', opponent_name: 'villain' }),
    );
    expect(saved.status, saved.text).toBe(200);
    const id = saved.body.api_data.id as number;
    expect(
      (await client.postJson('/api/game-analysis', { game_review_id: id, depth: 12, evals: SCHOLAR_EVALS })).status,
    ).toBe(200);
    await client.postJson('/api/upsert-mistake', { game_review_id: id, ply: 4, move: 'Nc6', notes: '' });
    const mistakes = (await client.postJson('/api/get-mistakes', { game_review_id: id })).body.api_data as {
      id: number;
      ply: number;
      kind: string | null;
    }[];
    return { id, byPly: new Map(mistakes.map((m) => [m.ply, m])) };
  };
  const training = async (client: HttpClient, id: number) =>
    (await client.get(`/api/mistake-training?game_review_id=${id}`)).body.api_data as Training[];

  test('Make card twice makes one card, titled by the game and move, saying whose move it is', async () => {
    const client = await player();
    const { id, byPly } = await analysedGame(client);
    const blunder = byPly.get(6)!;
    const first = await client.postJson('/api/mistake-card', { mistake_id: blunder.id });
    expect(first.status, first.text).toBe(200);
    expect(first.body.api_data).toEqual({ card_id: expect.stringMatching(/^mistake-/), created: true });
    const second = await client.postJson('/api/mistake-card', { mistake_id: blunder.id });
    expect(second.body.api_data).toEqual({ card_id: first.body.api_data.card_id, created: false });
    const cards = (await client.get('/api/get-cards')).body.api_data as Card[];
    expect(cards).toHaveLength(1);
    expect(cards[0].id).toBe(first.body.api_data.card_id);
    expect(cards[0].prompt).toMatch(/^villain vs\. hero.*, 3\.\.\. Nf6 \(blunder\)\nBlack to move after 3\. Bc4/);
    expect(cards[0].orientation).toBe('black');
    expect(cards[0].answer_fen).toBe('r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4');
    // The review says which of its mistakes have a card.
    const rows = await training(client, id);
    expect(rows.find((r) => r.ply === 6)?.card_id).toBe(first.body.api_data.card_id);
    expect(rows.find((r) => r.ply === 4)?.card_id).toBeNull();
  });

  test("a hand-marked mistake's card takes the engine's best move from the stored analysis", async () => {
    const client = await player();
    const { byPly } = await analysedGame(client);
    const made = await client.postJson('/api/mistake-card', { mistake_id: byPly.get(4)!.id });
    expect(made.status, made.text).toBe(200);
    const cards = (await client.get('/api/get-cards')).body.api_data as Card[];
    expect(cards[0].prompt).toMatch(/2\.\.\. Nc6\nBlack to move after 2\. Qh5/);
  });

  test("another player's mistake is 404 and makes no card", async () => {
    const owner = await player();
    const { byPly } = await analysedGame(owner);
    const other = await player();
    expect((await other.postJson('/api/mistake-card', { mistake_id: byPly.get(6)!.id })).status).toBe(404);
    expect((await other.get('/api/get-cards')).body.api_data).toEqual([]);
    expect((await other.postJson('/api/mistake-card', { mistake_id: 'x' })).status).toBe(400);
  });

  test('only a mistake whose position is in the repertoire is offered for the drill', async () => {
    const client = await player();
    const study = await client.postJson('/api/update-study', {
      color: 'black',
      exclude_move_indicators: '',
      link: null,
      study_text: '1. e4 e5 2. Qh5 g6 *',
      title: 'black study',
    });
    expect(study.status, study.text).toBe(200);
    const { id } = await analysedGame(client);
    const rows = await training(client, id);
    // After 2. Qh5 the study answers (g6); after 3. Bc4 it has nothing.
    expect(rows.map((r) => [r.ply, r.in_repertoire])).toEqual([
      [4, true],
      [6, false],
    ]);
  });

  test('Learn from your mistakes keeps every try, and a right one solves the mistake', async () => {
    const client = await player();
    const { id } = await analysedGame(client);
    const attempt = (body: object) => client.postJson('/api/learn-attempts', { game_review_id: id, ...body });
    const wrong = await attempt({ ply: 6, uci: 'd7d6', solved: false });
    expect(wrong.status, wrong.text).toBe(200);
    expect(wrong.body.api_data).toEqual({ ply: 6, tries: 1, solved: false });
    expect((await attempt({ ply: 6, uci: 'g7g6', solved: true })).body.api_data).toEqual({
      ply: 6,
      tries: 2,
      solved: true,
    });
    expect((await training(client, id)).find((r) => r.ply === 6)).toMatchObject({ tries: 2, solved: true });
  });

  test('a try that is not legal, not the player’s move or past the game is 400 and not kept', async () => {
    const client = await player();
    const { id } = await analysedGame(client);
    const attempt = (body: object) => client.postJson('/api/learn-attempts', { game_review_id: id, ...body });
    expect((await attempt({ ply: 6, uci: 'e1e8', solved: true })).body.error).toMatch(/not a legal move/);
    expect((await attempt({ ply: 5, uci: 'g1f3', solved: true })).body.error).toMatch(/not a move of yours/);
    expect((await attempt({ ply: 9, uci: 'g7g6', solved: true })).body.error).toMatch(/past the game/);
    expect((await attempt({ ply: 6, uci: 'g7g6' })).status).toBe(400);
    expect((await training(client, id)).every((r) => r.tries === 0)).toBe(true);
    const other = await player();
    const foreign = await other.postJson('/api/learn-attempts', {
      game_review_id: id,
      ply: 6,
      uci: 'g7g6',
      solved: true,
    });
    expect(foreign.status).toBe(404);
    expect((await other.get(`/api/mistake-training?game_review_id=${id}`)).status).toBe(404);
  });
});
