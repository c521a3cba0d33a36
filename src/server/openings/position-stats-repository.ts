import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { positionStats } from '../db/schema.js';
import { statsFen, type StatsFilter } from './stats-key.js';

/**
 * The SQL of the shared position_stats cache: explorer answers keyed by (position, speeds, ratings),
 * written only by the server's explorer client (explorer-cache.ts), read by every check.
 */

export interface StatsMove {
  uci: string;
  san: string;
  white: number;
  draws: number;
  black: number;
  averageRating?: number;
}

/** One position's statistics; fen is the position without move counters. */
export interface StatsRecord {
  fen: string;
  speeds: string;
  ratings: string;
  white: number;
  draws: number;
  black: number;
  moves: StatsMove[];
}

export interface CachedStats {
  record: StatsRecord;
  fetchedAt: Date;
}

/** Keys per query: the parameter list stays well under PostgreSQL's limit on large repertoires. */
const CHUNK = 1000;

/** Cached statistics with the time each was fetched, keyed by position. */
export async function readCachedStatsWithAge(
  db: Db,
  fens: readonly string[],
  filter: StatsFilter,
): Promise<Map<string, CachedStats>> {
  const found = new Map<string, CachedStats>();
  const keys = [...new Set(fens.map(statsFen))];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = await db
      .select()
      .from(positionStats)
      .where(
        and(
          eq(positionStats.speeds, filter.speeds),
          eq(positionStats.ratings, filter.ratings),
          inArray(positionStats.fen, keys.slice(i, i + CHUNK)),
        ),
      );
    for (const row of rows) found.set(row.fen, { record: toRecord(row), fetchedAt: row.fetchedAt });
  }
  return found;
}

/** Cached statistics keyed by position, whatever their age. */
export async function readCachedStats(
  db: Db,
  fens: readonly string[],
  filter: StatsFilter,
): Promise<Map<string, StatsRecord>> {
  const withAge = await readCachedStatsWithAge(db, fens, filter);
  return new Map([...withAge].map(([fen, cached]) => [fen, cached.record]));
}

export async function listCachedStats(db: Db, filter: StatsFilter, limit = 5000): Promise<StatsRecord[]> {
  const rows = await db
    .select()
    .from(positionStats)
    .where(and(eq(positionStats.speeds, filter.speeds), eq(positionStats.ratings, filter.ratings)))
    .limit(limit);
  return rows.map(toRecord);
}

export async function storeStats(db: Db, records: readonly StatsRecord[]): Promise<void> {
  for (const record of records) {
    const values = {
      white: record.white,
      draws: record.draws,
      black: record.black,
      moves: record.moves,
      fetchedAt: new Date(),
    };
    await db
      .insert(positionStats)
      .values({ fen: statsFen(record.fen), speeds: record.speeds, ratings: record.ratings, ...values })
      .onConflictDoUpdate({ target: [positionStats.fen, positionStats.speeds, positionStats.ratings], set: values });
  }
}

/** A stored row (of the shared cache or a player's own) as a record. */
export function toRecord(row: Omit<typeof positionStats.$inferSelect, 'fetchedAt'>): StatsRecord {
  return {
    fen: row.fen,
    speeds: row.speeds,
    ratings: row.ratings,
    white: row.white,
    draws: row.draws,
    black: row.black,
    moves: Array.isArray(row.moves) ? (row.moves as StatsMove[]) : [],
  };
}
