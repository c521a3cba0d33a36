import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/**
 * Removes the player for good. Every table that holds a player's rows references users with
 * ON DELETE CASCADE (sessions, tokens, reviews, mistakes, cards, review and drill logs, studies,
 * drill items, coverage runs, uploaded stats, Lichess connection, OAuth states), so deleting the
 * user row takes all of them in the same statement. The email and username are free again at once.
 */
export async function deleteAccount(db: Db, userId: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
