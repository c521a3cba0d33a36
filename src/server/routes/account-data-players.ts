// Players for the account data tests: signed up through the app, one with a row of every kind,
// and the count of a player's rows per kind.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type HttpClient, type TestServer, uniqueUser } from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import {
  cards,
  drillItems,
  drillLogs,
  gameReviews,
  lichessConnections,
  mistakes,
  reviewLogs,
  studies,
  userPositionStats,
  users,
} from '../db/schema.js';

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
export const AFTER_E4_KEY = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';
export const GAME_PGN = '[White "me"]\n[Black "them"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *';
export const TOKEN_SECRET = 'encrypted-token-that-must-never-leave';

export function accountDataPlayers(serverOf: () => TestServer, databaseOf: () => Database) {
  interface Player {
    client: HttpClient;
    id: number;
    fields: ReturnType<typeof uniqueUser>;
  }

  async function signUp(prefix = 'data'): Promise<Player> {
    const fields = uniqueUser(prefix);
    const client = serverOf().client();
    const answer = await client.postForm('/api/register', fields);
    expect(answer.body.api_status).toBe('success');
    const [row] = await databaseOf().db.select({ id: users.id }).from(users).where(eq(users.username, fields.username));
    return { client, id: row.id, fields };
  }

  /** A player with one of every kind of row, made through the app's own calls where it has them. */
  async function populated(): Promise<Player> {
    const player = await signUp();
    const { client } = player;
    await client.postForm('/api/update-lichess-username', { username_lichess: 'lichess_me' });
    await client.postForm('/api/update-chess-dot-com-username', { username_chess_dot_com: 'cc_me' });
    await databaseOf().db.update(users).set({ drillNewPerDay: 12 }).where(eq(users.id, player.id));
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
    const [item] = await databaseOf()
      .db.insert(drillItems)
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
    await databaseOf()
      .db.insert(drillLogs)
      .values({
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
    await databaseOf()
      .db.insert(userPositionStats)
      .values({
        userId: player.id,
        fen: AFTER_E4_KEY,
        speeds: 'blitz',
        ratings: '1600',
        white: 10,
        draws: 2,
        black: 8,
        moves: [{ uci: 'c7c5', san: 'c5', white: 5, draws: 1, black: 4 }],
      });
    await databaseOf()
      .db.insert(lichessConnections)
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
      const [row] = await databaseOf()
        .db.select({ n: sql<number>`count(*)::int` })
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

  return { signUp, populated, rowCounts };
}
