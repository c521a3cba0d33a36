import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reviewPayload } from '../../../test/game-review-payload.js';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type HttpClient,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

/** Three mistakes, one a repeat of another's position, and one whose better move is not legal there. */
const MISTAKES = [
  { ply: 1, fen: START, move: 'a3', better_move: 'e4' },
  { ply: 2, fen: AFTER_E4, move: 'f6', better_move: 'e5' },
  { ply: 3, fen: AFTER_E4_E5, move: 'Qh5', better_move: 'Nf3' },
  { ply: 5, fen: AFTER_E4_E5, move: 'Ke2', better_move: 'Nf3' },
  { ply: 7, fen: AFTER_NF3, move: 'f6', better_move: 'Qxz9' },
];

describe.each(testDatabaseKinds())('woodpecker sets on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  async function playerWithMistakes(): Promise<HttpClient> {
    const { client } = await signedInClient(server, { prefix: 'wood' });
    const saved = await client.postJson('/api/upsert-game-review', reviewPayload({ link: null }));
    expect(saved.status).toBe(200);
    for (const mistake of MISTAKES) {
      const added = await client.postJson('/api/upsert-mistake', {
        game_review_id: saved.body.api_data.id,
        ...mistake,
      });
      expect(added.status).toBe(200);
    }
    return client;
  }

  const solve = (client: HttpClient, setId: number, body: unknown) =>
    client.postJson(`/api/woodpecker/sets/${setId}/attempts`, body);

  test('a set holds one position per distinct mistake with a legal better move, and cycles halve their target', async () => {
    const client = await playerWithMistakes();
    const made = await client.postJson('/api/woodpecker/sets', { source: 'mistakes', size: 10 });
    expect(made.status).toBe(200);
    const set = made.body.api_data;
    expect(set.size).toBe(3);
    expect(set.positions.map((p: { fen: string }) => p.fen).sort()).toEqual([START, AFTER_E4, AFTER_E4_E5].sort());
    expect(set.current).toMatchObject({ cycle: 1, target_ms: null, attempted: 0, complete: false });
    expect(set.positions.every((p: { answer_san: string | null }) => p.answer_san === null)).toBe(true);

    const answers: Record<string, string> = { [START]: 'e2e4', [AFTER_E4]: 'e7e5', [AFTER_E4_E5]: 'g1f3' };
    let last;
    for (const [index, position] of set.positions.entries()) {
      const uci = index === 0 ? 'a2a3' : answers[position.fen];
      last = await solve(client, set.id, { position_id: position.id, uci, ms: 20_000 });
      expect(last.status).toBe(200);
      expect(last.body.api_data.correct).toBe(index !== 0);
    }
    const after = last!.body.api_data.set;
    expect(after.cycles).toHaveLength(2);
    expect(after.cycles[0]).toMatchObject({ cycle: 1, attempted: 3, correct: 2, time_ms: 60_000, complete: true });
    expect(after.current).toMatchObject({ cycle: 2, target_ms: 30_000, attempted: 0 });
    expect(after.last).toMatchObject({ cycle: 1, correct: 2 });
    expect(after.next_position_id).toBe(set.positions[0].id);

    for (const position of set.positions)
      await solve(client, set.id, { position_id: position.id, uci: answers[position.fen], ms: 5_000 });
    const third = (await client.get(`/api/woodpecker/sets/${set.id}`)).body.api_data;
    expect(third.cycles[1]).toMatchObject({ cycle: 2, correct: 3, time_ms: 15_000, complete: true });
    expect(third.current).toMatchObject({ cycle: 3, target_ms: 15_000 });
  });

  test('a position answers once a cycle; a wrong move is kept as wrong, an illegal one refused', async () => {
    const client = await playerWithMistakes();
    const set = (await client.postJson('/api/woodpecker/sets', { source: 'mistakes', size: 2 })).body.api_data;
    expect(set.size).toBe(2);
    const first = set.positions[0];
    const illegal = await solve(client, set.id, { position_id: first.id, uci: 'e2e5', ms: 1_000 });
    expect(illegal.status).toBe(400);
    expect(illegal.body.error).toMatch(/Illegal move/);
    const [one, two] = await Promise.all([
      solve(client, set.id, { position_id: first.id, uci: 'h2h3', ms: 1_000 }),
      solve(client, set.id, { position_id: first.id, uci: 'h2h4', ms: 1_000 }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const read = (await client.get(`/api/woodpecker/sets/${set.id}`)).body.api_data;
    expect(read.current).toMatchObject({ attempted: 1, correct: 0 });
    expect(read.positions[0]).toMatchObject({ solved: true, answer_san: expect.any(String) });
  });

  test('cards whose answer is one move on make a set; bad input and other players get nothing', async () => {
    const { client } = await signedInClient(server, { prefix: 'woodc' });
    const none = await client.postJson('/api/woodpecker/sets', { source: 'cards', size: 5 });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/No cards to solve/);
    const card = (id: string, answerFen: string) => ({
      id,
      prompt: `card ${id}`,
      prompt_fen: START,
      prompt_pgn: '',
      answer: '',
      answer_fen: answerFen,
      answer_pgn: '',
      orientation: 'white',
      due: new Date().toISOString(),
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      reps: 0,
      lapses: 0,
      state: 0,
    });
    expect((await client.postJson('/api/upsert-cards', [card('c1', AFTER_E4), card('c2', AFTER_E4_E5)])).status).toBe(
      200,
    );
    const made = await client.postJson('/api/woodpecker/sets', { source: 'cards', size: 5, name: 'Openings' });
    expect(made.status).toBe(200);
    expect(made.body.api_data).toMatchObject({ name: 'Openings', size: 1, source: 'cards' });
    expect(made.body.api_data.positions[0]).toMatchObject({ fen: START, title: 'card c1', orientation: 'white' });

    expect((await client.postJson('/api/woodpecker/sets', { source: 'games', size: 5 })).status).toBe(400);
    expect((await client.postJson('/api/woodpecker/sets', { source: 'cards', size: 0 })).status).toBe(400);
    expect((await client.get('/api/woodpecker/sets/2147483648')).status).toBe(400);

    const { client: other } = await signedInClient(server, { prefix: 'woodo' });
    const setId = made.body.api_data.id;
    expect((await other.get(`/api/woodpecker/sets/${setId}`)).status).toBe(404);
    const foreign = await solve(other, setId, { position_id: made.body.api_data.positions[0].id, uci: 'e2e4', ms: 1 });
    expect(foreign.status).toBe(404);
    expect((await other.get('/api/woodpecker/sets')).body.api_data).toEqual([]);
    expect((await other.postJson(`/api/woodpecker/sets/${setId}/delete`, {})).status).toBe(404);

    const listed = (await client.get('/api/woodpecker/sets')).body.api_data;
    expect(listed.map((s: { id: number }) => s.id)).toEqual([setId]);
    expect((await client.postJson(`/api/woodpecker/sets/${setId}/delete`, {})).status).toBe(200);
    expect((await client.get(`/api/woodpecker/sets/${setId}`)).status).toBe(404);
  });
});
