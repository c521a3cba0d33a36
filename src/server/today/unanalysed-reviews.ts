import { sql, type SQL } from 'drizzle-orm';

/**
 * Saved game reviews without engine analysis, as a count subquery for Today's statement. Stored analysis
 * arrives with the engine's table; until then no review has any, so every review counts. This is the
 * one place to add the "has no analysis" condition (a `not exists` on that table by game_review_id).
 */
export function unanalysedReviewsCount(userId: number): SQL {
  return sql`(select count(*)::int from game_reviews r where r.user_id = ${userId})`;
}
