// The embedded database (PGlite) runs no autovacuum, so nothing gathers the statistics its planner
// reads: after a table grows from empty to 100,000 rows, a page of 200 cards by id was planned as a
// scan of every remaining row and a sort (265 ms a page instead of 0.6). PostgreSQL's autovacuum does
// this by itself; on PGlite the server asks for it after an import and once after starting.
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** The tables whose size grows with a player's use. */
export const GROWING_TABLES = [
  'cards',
  'review_logs',
  'game_reviews',
  'mistakes',
  'drill_items',
  'drill_logs',
  'user_position_stats',
] as const;
export type GrowingTable = (typeof GROWING_TABLES)[number];

/**
 * ANALYZE of each table, one a turn of the event loop, from a small sample (3,000 rows): enough for
 * the planner's choice between an index and a scan, and some 100 ms a table at most.
 */
export async function analyzeTables(db: Db, tables: readonly GrowingTable[] = GROWING_TABLES): Promise<void> {
  for (const table of tables) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL default_statistics_target = 10`);
      await tx.execute(sql.raw(`ANALYZE "${table}"`));
    });
  }
}
