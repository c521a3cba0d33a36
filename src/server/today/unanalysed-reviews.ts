import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameReviews } from '../db/schema.js';

/**
 * Saved game reviews without engine analysis. Stored analysis arrives with the engine's table; until
 * then no review has any, so every review counts. This is the one place to add the "has no analysis"
 * condition (a `not exists` on that table by game_review_id).
 */
export async function countUnanalysedReviews(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gameReviews)
    .where(eq(gameReviews.userId, userId));
  return row?.n ?? 0;
}
