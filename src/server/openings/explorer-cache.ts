import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { positionStats } from '../db/schema.js';
import type { ExplorerClient } from '../sites/explorer.js';
import { explorerFen, statsFen, type StatsFilter } from './stats-key.js';

/**
 * Explorer statistics through the shared position_stats cache: what is cached is read in one query,
 * the rest is fetched one position at a time (the sites queue keeps calls to the explorer serial
 * across all users) and stored as soon as it arrives, so work done before a failure is kept.
 * Answers older than 30 days count as cached but are refreshed when a check reaches them.
 */

export interface StatsMove {
  uci: string;
  san: string;
  white: number;
  draws: number;
  black: number;
  averageRating?: number;
}

/** The spec's Stats record; fen is the position without move counters. */
export interface StatsRecord {
  fen: string;
  speeds: string;
  ratings: string;
  white: number;
  draws: number;
  black: number;
  moves: StatsMove[];
}

export async function readCachedStats(
  db: Db,
  fens: readonly string[],
  filter: StatsFilter,
): Promise<Map<string, StatsRecord>> {
  const found = new Map<string, StatsRecord>();
  const keys = [...new Set(fens.map(statsFen))];
  // Chunks keep the parameter list well under PostgreSQL's limit on large repertoires.
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select()
      .from(positionStats)
      .where(
        and(
          eq(positionStats.speeds, filter.speeds),
          eq(positionStats.ratings, filter.ratings),
          inArray(positionStats.fen, keys.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) found.set(row.fen, toRecord(row));
  }
  return found;
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

/** Explorer answers older than this are fetched again when a check needs them. */
export const STATS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface CachedStats {
  record: StatsRecord;
  fetchedAt: Date;
}

/** Cached statistics with the time each was fetched, keyed by position. */
export async function readCachedStatsWithAge(
  db: Db,
  fens: readonly string[],
  filter: StatsFilter,
): Promise<Map<string, CachedStats>> {
  const found = new Map<string, CachedStats>();
  const keys = [...new Set(fens.map(statsFen))];
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select()
      .from(positionStats)
      .where(
        and(
          eq(positionStats.speeds, filter.speeds),
          eq(positionStats.ratings, filter.ratings),
          inArray(positionStats.fen, keys.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) found.set(row.fen, { record: toRecord(row), fetchedAt: row.fetchedAt });
  }
  return found;
}

export const isFresh = (cached: CachedStats, now: Date): boolean =>
  now.getTime() - cached.fetchedAt.getTime() < STATS_MAX_AGE_MS;

export type FetchOutcome =
  { ok: true; record: StatsRecord; fetched: boolean } | { ok: false; error: string; fetched: boolean };

// Checks running at once (other users, other tabs) share one call per position instead of each
// queueing their own; another process may have stored it meanwhile, so the database is asked first.
const inFlight = new WeakMap<ExplorerClient, Map<string, Promise<FetchOutcome>>>();

/** One position's statistics from the explorer (unless another check just stored a fresh answer), stored as it arrives. */
export function fetchStats(db: Db, explorer: ExplorerClient, key: string, filter: StatsFilter): Promise<FetchOutcome> {
  let pending = inFlight.get(explorer);
  if (!pending) inFlight.set(explorer, (pending = new Map()));
  const id = `${filter.speeds}|${filter.ratings}|${key}`;
  const running = pending.get(id);
  if (running) return running.then((r) => ({ ...r, fetched: false }));
  const work = (async (): Promise<FetchOutcome> => {
    const cached = (await readCachedStatsWithAge(db, [key], filter)).get(key);
    if (cached && isFresh(cached, new Date())) return { ok: true, record: cached.record, fetched: false };
    const result = await explorer.fetchPosition(explorerFen(key), filter.speeds.split(','), filter.ratings.split(','));
    if (result.isErr) return { ok: false, error: result.error.message, fetched: true };
    const answer = result.value;
    const record: StatsRecord = {
      fen: key,
      speeds: filter.speeds,
      ratings: filter.ratings,
      white: answer.white,
      draws: answer.draws,
      black: answer.black,
      moves: answer.moves.map(({ uci, san, white, draws, black, averageRating }) => ({
        uci,
        san,
        white,
        draws,
        black,
        averageRating,
      })),
    };
    await storeStats(db, [record]);
    return { ok: true, record, fetched: true };
  })().finally(() => pending.delete(id));
  pending.set(id, work);
  return work;
}

function toRecord(row: typeof positionStats.$inferSelect): StatsRecord {
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
