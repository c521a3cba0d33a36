// The SQL of the review calls, the report and the engine's analysis: game reviews and their mistakes.
// Every function is limited to one user's rows: another player's id reads as an id that does not exist.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameReviews, mistakes } from '../db/schema.js';
import type { GameReview, Mistake, upsertGameReviewRequest } from '@contract/game-reviews.js';
import type { z } from 'zod';

type ReviewRow = typeof gameReviews.$inferSelect;
type MistakeRow = typeof mistakes.$inferSelect;
export type ReviewValues = Partial<Omit<typeof gameReviews.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>>;
export type MistakeValues = Partial<
  Pick<typeof mistakes.$inferInsert, 'ply' | 'fen' | 'move' | 'betterMove' | 'notes'>
>;

/** The columns an upsert-game-review sets: the fields it was sent ('' clears the link). */
export function reviewValuesOf(input: z.output<typeof upsertGameReviewRequest>): ReviewValues {
  const values: ReviewValues = {
    username: input.username,
    opponentName: input.opponent_name,
    heroColor: input.hero_color,
    datePlayed: input.date_time_played,
    site: input.site,
    link: input.link === '' ? null : input.link,
    pgn: input.pgn,
    notes: input.notes,
    timeControl: input.time_control,
    heroElo: input.hero_elo,
    opponentElo: input.opponent_elo,
    result: input.result,
    howResolved: input.how_resolved,
  };
  for (const key of Object.keys(values) as (keyof ReviewValues)[]) if (values[key] === undefined) delete values[key];
  return values;
}

export function toMistake(row: MistakeRow): Mistake {
  return {
    id: row.id,
    game_review_id: row.gameReviewId,
    ply: row.ply,
    fen: row.fen,
    move: row.move,
    better_move: row.betterMove,
    notes: row.notes,
    kind: row.kind ?? null,
  };
}

export function toGameReview(row: ReviewRow, reviewMistakes: Mistake[] = []): GameReview {
  return {
    id: row.id,
    user_id: row.userId,
    username: row.username,
    opponent_name: row.opponentName,
    hero_color: row.heroColor,
    date_time_played: row.datePlayed ? row.datePlayed.toISOString() : null,
    site: row.site,
    link: row.link,
    pgn: row.pgn,
    notes: row.notes,
    time_control: row.timeControl,
    hero_elo: row.heroElo,
    opponent_elo: row.opponentElo,
    result: row.result,
    how_resolved: row.howResolved,
    mistakes: reviewMistakes,
    moves: [],
  };
}

/** The user's reviews with their mistakes, newest played first (unknown dates last, then newest saved). */
export async function listReviews(db: Db, userId: number): Promise<GameReview[]> {
  const rows = await db
    .select()
    .from(gameReviews)
    .where(eq(gameReviews.userId, userId))
    .orderBy(sql`${gameReviews.datePlayed} desc nulls last`, desc(gameReviews.id));
  if (rows.length === 0) return [];
  const mistakeRows = await db
    .select()
    .from(mistakes)
    .where(
      and(
        eq(mistakes.userId, userId),
        inArray(
          mistakes.gameReviewId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(mistakes.ply, mistakes.id);
  const byReview = new Map<number, Mistake[]>();
  for (const m of mistakeRows) {
    const list = byReview.get(m.gameReviewId) ?? [];
    list.push(toMistake(m));
    byReview.set(m.gameReviewId, list);
  }
  return rows.map((row) => toGameReview(row, byReview.get(row.id)));
}

export async function findReview(db: Db, userId: number, id: number): Promise<GameReview | undefined> {
  const [row] = await db
    .select()
    .from(gameReviews)
    .where(and(eq(gameReviews.id, id), eq(gameReviews.userId, userId)));
  return row ? toGameReview(row, await listMistakes(db, userId, id)) : undefined;
}

/** Inserts a review; when the user already saved the game with this link, answers that review unchanged. */
export async function insertReview(
  db: Db,
  userId: number,
  values: ReviewValues & Pick<typeof gameReviews.$inferInsert, 'pgn' | 'heroColor'>,
): Promise<GameReview> {
  const [row] = await db
    .insert(gameReviews)
    .values({ ...values, userId })
    .onConflictDoNothing({ target: [gameReviews.userId, gameReviews.link] })
    .returning();
  if (row) return toGameReview(row);
  const [existing] = await db
    .select()
    .from(gameReviews)
    .where(and(eq(gameReviews.userId, userId), eq(gameReviews.link, values.link!)));
  return toGameReview(existing, await listMistakes(db, userId, existing.id));
}

/** Changes the given fields of the user's review; undefined when it is not theirs or does not exist. */
export async function updateReview(
  db: Db,
  userId: number,
  id: number,
  values: ReviewValues,
): Promise<GameReview | undefined> {
  const [row] = await db
    .update(gameReviews)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(gameReviews.id, id), eq(gameReviews.userId, userId)))
    .returning();
  return row ? toGameReview(row, await listMistakes(db, userId, id)) : undefined;
}

export async function deleteReview(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(gameReviews)
    .where(and(eq(gameReviews.id, id), eq(gameReviews.userId, userId)))
    .returning({ id: gameReviews.id });
  return rows.length > 0;
}

/** What the repertoire report reads of each saved review, newest played first. */
export async function listReviewGames(db: Db, userId: number) {
  return db
    .select({
      id: gameReviews.id,
      pgn: gameReviews.pgn,
      heroColor: gameReviews.heroColor,
      result: gameReviews.result,
      link: gameReviews.link,
      datePlayed: gameReviews.datePlayed,
      opponentName: gameReviews.opponentName,
      site: gameReviews.site,
    })
    .from(gameReviews)
    .where(eq(gameReviews.userId, userId))
    .orderBy(sql`${gameReviews.datePlayed} desc nulls last`, desc(gameReviews.id));
}

/** Links of every review the user saved (to leave those games out of recent games). */
export async function savedLinks(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db.select({ link: gameReviews.link }).from(gameReviews).where(eq(gameReviews.userId, userId));
  return new Set(rows.flatMap((r) => (r.link ? [r.link] : [])));
}

export async function listMistakes(db: Db, userId: number, gameReviewId: number): Promise<Mistake[]> {
  const rows = await db
    .select()
    .from(mistakes)
    .where(and(eq(mistakes.gameReviewId, gameReviewId), eq(mistakes.userId, userId)))
    .orderBy(mistakes.ply, mistakes.id);
  return rows.map(toMistake);
}

export async function insertMistake(
  db: Db,
  userId: number,
  gameReviewId: number,
  values: MistakeValues,
): Promise<Mistake> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mistakes)
      .values({ ...values, gameReviewId, userId })
      .returning();
    // A move the player marks by hand is theirs: the engine's finding on it goes.
    if (row.ply !== null)
      await tx
        .delete(mistakes)
        .where(and(eq(mistakes.gameReviewId, gameReviewId), eq(mistakes.ply, row.ply), isNotNull(mistakes.kind)));
    return toMistake(row);
  });
}

/** Updates the user's mistake if it belongs to the given review; undefined otherwise. */
export async function updateMistake(
  db: Db,
  userId: number,
  gameReviewId: number,
  id: number,
  values: MistakeValues,
): Promise<Mistake | undefined> {
  const [row] = await db
    .update(mistakes)
    .set(values)
    .where(and(eq(mistakes.id, id), eq(mistakes.userId, userId), eq(mistakes.gameReviewId, gameReviewId)))
    .returning();
  return row ? toMistake(row) : undefined;
}

export async function deleteMistake(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(mistakes)
    .where(and(eq(mistakes.id, id), eq(mistakes.userId, userId)))
    .returning({ id: mistakes.id });
  return rows.length > 0;
}
