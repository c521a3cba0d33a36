import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { userPositionStats } from '../db/schema.js';
import { toRecord, type StatsRecord } from './position-stats-repository.js';
import type { StatsFilter } from './stats-key.js';

/** The SQL of user_position_stats: the statistics each player uploaded, keyed by the player. */

/** Stores (or replaces) the player's own records, all or none. */
export async function storePlayerStats(db: Db, userId: number, records: readonly StatsRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.transaction(async (tx) => {
    for (let i = 0; i < records.length; i += 500) {
      await tx
        .insert(userPositionStats)
        .values(
          records.slice(i, i + 500).map((r) => ({
            userId,
            fen: r.fen,
            speeds: r.speeds,
            ratings: r.ratings,
            white: r.white,
            draws: r.draws,
            black: r.black,
            moves: r.moves,
            updatedAt: new Date(),
          })),
        )
        .onConflictDoUpdate({
          target: [
            userPositionStats.userId,
            userPositionStats.fen,
            userPositionStats.speeds,
            userPositionStats.ratings,
          ],
          set: {
            white: sql`excluded.white`,
            draws: sql`excluded.draws`,
            black: sql`excluded.black`,
            moves: sql`excluded.moves`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
  });
}

export async function listPlayerStats(
  db: Db,
  userId: number,
  filter: StatsFilter,
  limit = 5000,
): Promise<StatsRecord[]> {
  const rows = await db
    .select()
    .from(userPositionStats)
    .where(
      and(
        eq(userPositionStats.userId, userId),
        eq(userPositionStats.speeds, filter.speeds),
        eq(userPositionStats.ratings, filter.ratings),
      ),
    )
    .limit(limit);
  return rows.map(toRecord);
}
