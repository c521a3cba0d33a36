import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import type { FastifyInstance } from 'fastify';
import { gamesOf, keyOf } from '../../chess/index.js';
import type { ExplorerClient } from '../sites/explorer.js';
import { fetchStats, isFresh } from './explorer-cache.js';
import { readCachedStatsWithAge, type StatsRecord } from './position-stats-repository.js';
import { explorerFen, type StatsFilter } from './stats-key.js';

/**
 * Looks up the positions one move ahead of the board in the background, so stepping forward finds
 * figures at once. Each player has one batch: a newer request replaces the positions not yet looked
 * up (the player has moved on). The lookups go through fetchStats, so they share the explorer's
 * one-at-a-time queue and pause with everyone else's, and a position already cached or being fetched
 * costs no call.
 */

/** The explorer's most played moves looked ahead, beside the repertoire's own. */
export const AHEAD_MOVES = 6;

/** A player's positions still to look up (app.openingsMemory.lookAheads). */
export interface LookAheadBatch {
  explorer: ExplorerClient;
  filter: StatsFilter;
  keys: string[];
  running: boolean;
}

/** Keys of the positions after the most played explorer moves and the given moves (UCI), each once. */
export function positionsAhead(fen: string, record: StatsRecord, ownUcis: readonly string[]): string[] {
  const setup = parseFen(explorerFen(fen));
  if (setup.isErr) return [];
  const start = Chess.fromSetup(setup.value);
  if (start.isErr) return [];
  const ucis = [
    ...ownUcis,
    ...[...record.moves]
      .sort((a, b) => gamesOf(b) - gamesOf(a))
      .slice(0, AHEAD_MOVES)
      .map((m) => m.uci),
  ];
  const keys = new Set<string>();
  for (const uci of ucis) {
    const move = parseUci(uci);
    if (!move || !start.value.isLegal(move)) continue;
    const pos = start.value.clone();
    pos.play(move);
    keys.add(keyOf(pos));
  }
  return [...keys];
}

/** Queues the keys not cached fresh for the player, replacing their earlier batch; returns how many. */
export async function lookAhead(
  app: FastifyInstance,
  userId: number,
  explorer: ExplorerClient,
  filter: StatsFilter,
  keys: readonly string[],
): Promise<number> {
  const cached = await readCachedStatsWithAge(app.db, keys, filter);
  const now = new Date();
  const missing = keys.filter((key) => {
    const found = cached.get(key);
    return !found || !isFresh(found, now);
  });
  const byUser = app.openingsMemory.lookAheads;
  const batch = byUser.get(userId);
  if (batch) {
    Object.assign(batch, { explorer, filter, keys: [...missing] });
  } else if (missing.length > 0) {
    byUser.set(userId, { explorer, filter, keys: [...missing], running: false });
  }
  const current = byUser.get(userId);
  if (current && !current.running) void drain(app, byUser, userId, current);
  return missing.length;
}

async function drain(
  app: FastifyInstance,
  byUser: Map<number, LookAheadBatch>,
  userId: number,
  batch: LookAheadBatch,
): Promise<void> {
  batch.running = true;
  try {
    for (let key = batch.keys.shift(); key !== undefined; key = batch.keys.shift()) {
      const outcome = await fetchStats(app, batch.explorer, key, batch.filter);
      // A failing explorer (a 429 rests the queue for everyone, a closed server) ends the batch.
      if (!outcome.ok) {
        app.log.warn({ userId, err: outcome.error }, 'explorer look-ahead stopped');
        batch.keys = [];
      }
    }
  } catch (error) {
    app.log.warn({ userId, err: error }, 'explorer look-ahead failed');
  } finally {
    batch.running = false;
    if (byUser.get(userId) === batch) byUser.delete(userId);
  }
}
