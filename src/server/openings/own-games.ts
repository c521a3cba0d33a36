import { and, count, eq, max } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { countOwnGames, type Color, type OwnGamesExplorer } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { gameReviews } from '../db/schema.js';

/**
 * The player's own games as an explorer (the Mine database): their saved game reviews with one colour
 * (games imported from Lichess and Chess.com are saved as reviews), counted by position in the chess
 * core and kept per player and colour. Each answer first reads a version of the player's reviews
 * (count, newest id, latest change) in one small query: any saved, changed or deleted review, on this
 * process or another, builds the counts again.
 */

interface Kept {
  version: string;
  explorer: OwnGamesExplorer;
}

/** How long a version read is trusted before it is read again. */
const VERSION_KEPT_MS = 2000;

// Per database: tests build several apps in one process.
const kept = new WeakMap<Db, LRUCache<string, Kept>>();
const building = new WeakMap<Db, Map<string, Promise<Kept>>>();
const versions = new WeakMap<Db, Map<number, { white?: string; black?: string; readAt: number }>>();

/** The player's reviews changed on this process: their version is read again on the next answer. */
export function forgetOwnGames(db: Db, userId: number): void {
  versions.get(db)?.delete(userId);
}

const heroColor = (color: Color) => (color === 'white' ? 'White' : 'Black');

async function versionOf(db: Db, userId: number, color: Color): Promise<string> {
  let byUser = versions.get(db);
  if (!byUser) versions.set(db, (byUser = new Map()));
  const now = Date.now();
  const kept = byUser.get(userId);
  const known = kept && now - kept.readAt < VERSION_KEPT_MS ? kept[color] : undefined;
  if (known !== undefined) return known;
  const version = await readVersion(db, userId, color);
  const fresh = kept && now - kept.readAt < VERSION_KEPT_MS ? kept : { readAt: now };
  fresh[color] = version;
  byUser.set(userId, fresh);
  return version;
}

async function readVersion(db: Db, userId: number, color: Color): Promise<string> {
  const [row] = await db
    .select({ games: count(), newest: max(gameReviews.id), changed: max(gameReviews.updatedAt) })
    .from(gameReviews)
    .where(and(eq(gameReviews.userId, userId), eq(gameReviews.heroColor, heroColor(color))));
  const changed = row?.changed ? new Date(row.changed).getTime() : 0;
  return `${row?.games ?? 0}|${row?.newest ?? 0}|${changed}`;
}

/** The player's games with `color` counted by position (built again when their reviews changed). */
export async function ownGamesExplorer(db: Db, userId: number, color: Color): Promise<OwnGamesExplorer> {
  let cache = kept.get(db);
  if (!cache) kept.set(db, (cache = new LRUCache({ max: 500 })));
  let pending = building.get(db);
  if (!pending) building.set(db, (pending = new Map()));
  const id = `${userId}|${color}`;
  const version = await versionOf(db, userId, color);
  const found = cache.get(id);
  if (found?.version === version) return found.explorer;
  const running = pending.get(id);
  if (running) {
    const built = await running;
    if (built.version === version) return built.explorer;
  }
  const store = cache;
  const work = (async (): Promise<Kept> => {
    const rows = await db
      .select({ pgn: gameReviews.pgn, result: gameReviews.result, played: gameReviews.datePlayed })
      .from(gameReviews)
      .where(and(eq(gameReviews.userId, userId), eq(gameReviews.heroColor, heroColor(color))));
    const explorer = countOwnGames(
      rows.map((row) => ({
        pgn: row.pgn,
        color,
        result: row.result,
        playedAt: row.played ? row.played.toISOString() : null,
      })),
    );
    const built = { version, explorer };
    store.set(id, built);
    return built;
  })().finally(() => pending.delete(id));
  pending.set(id, work);
  return (await work).explorer;
}
