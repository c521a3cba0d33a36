import { sql, type SQL } from 'drizzle-orm';

/** Saved game reviews without a stored engine analysis, as a count subquery for Today's statement. */
export function unanalysedReviewsCount(userId: number): SQL {
  return sql`(select count(*)::int from game_reviews r where r.user_id = ${userId}
    and not exists (select 1 from game_analyses a where a.game_review_id = r.id))`;
}

/** Of those, the reviews the automatic import saved. */
export function importedUnanalysedCount(userId: number): SQL {
  return sql`(select count(*)::int from game_reviews r where r.user_id = ${userId} and r.imported
    and not exists (select 1 from game_analyses a where a.game_review_id = r.id))`;
}
