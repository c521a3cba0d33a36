import type { FastifyInstance } from 'fastify';
import type { ExplorerClient } from '../sites/explorer.js';
import { readCachedStatsWithAge, storeStats, type CachedStats, type StatsRecord } from './position-stats-repository.js';
import { explorerFen, MASTERS_FILTER, type StatsFilter } from './stats-key.js';

/**
 * Explorer statistics through the shared position_stats cache (position-stats-repository.ts): what is
 * cached is read in one query, the rest is fetched one position at a time (the sites queue keeps calls
 * to the explorer serial across all users) and stored as soon as it arrives, so work done before a
 * failure is kept. Answers older than 30 days count as cached but are refreshed when a check reaches them.
 */

// The drill's line reads the cache through here.
export { readCachedStats } from './position-stats-repository.js';

/** Explorer answers older than this are fetched again when a check needs them. */
export const STATS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const isFresh = (cached: CachedStats, now: Date): boolean =>
  now.getTime() - cached.fetchedAt.getTime() < STATS_MAX_AGE_MS;

export type FetchOutcome =
  | { ok: true; record: StatsRecord; fetched: boolean }
  /** busy: nothing was asked, the player already had as many look-ups waiting as allowed. */
  | { ok: false; error: string; fetched: boolean; busy?: boolean };

/**
 * One position's statistics from the explorer (the masters database with MASTERS_FILTER) (unless another check just stored a fresh answer), stored as it arrives.
 *
 * Checks running at once (other users, other tabs) share one call per position instead of each
 * queueing their own (app.openingsMemory); another process may have stored it meanwhile, so the
 * database is asked first.
 */
export function fetchStats(
  app: FastifyInstance,
  explorer: ExplorerClient,
  key: string,
  filter: StatsFilter,
): Promise<FetchOutcome> {
  const { db } = app;
  // Shared whichever player's client asks: the figures are the same for everyone.
  const pending = app.openingsMemory.statsFetches;
  const id = `${filter.speeds}|${filter.ratings}|${key}`;
  const running = pending.get(id);
  // A call refused because its player had too many waiting is not this caller's answer: it asks itself.
  if (running)
    return running.then((r) => (!r.ok && r.busy ? fetchStats(app, explorer, key, filter) : { ...r, fetched: false }));
  const work = (async (): Promise<FetchOutcome> => {
    const cached = (await readCachedStatsWithAge(db, [key], filter)).get(key);
    if (cached && isFresh(cached, new Date())) return { ok: true, record: cached.record, fetched: false };
    const fen = explorerFen(key);
    const result =
      filter.speeds === MASTERS_FILTER.speeds
        ? await explorer.fetchMasters(fen)
        : await explorer.fetchPosition(fen, filter.speeds.split(','), filter.ratings.split(','));
    if (result.isErr) {
      const busy = result.error.kind === 'busy';
      return { ok: false, error: result.error.message, fetched: !busy, busy };
    }
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
