import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countOwnGames, type Color, type OwnGamesExplorer } from '../../chess/index.js';
import type { SqlRunner } from '../db/named-statements.js';
import { rowsOf } from '../db/rows.js';
import { gameReviews } from '../db/schema.js';

/**
 * The player's own games as an explorer (the Mine database): their saved game reviews with one colour
 * (games imported from Lichess and Chess.com are saved as reviews), counted by position in the chess
 * core and kept per player and colour (app.openingsMemory). Each answer first reads a version of the player's reviews
 * (count, newest id, latest change) in one small query: any saved, changed or deleted review, on this
 * process or another, builds the counts again.
 */

export interface KeptOwnGames {
  version: string;
  explorer: OwnGamesExplorer;
}

/** The version of a player's reviews of each colour, as read at readAt. */
export interface OwnGamesVersion {
  white?: string;
  black?: string;
  readAt: number;
}

/** How long a version read is trusted before it is read again. */
const VERSION_KEPT_MS = 2000;

/** The player's reviews changed in this app: their version is read again on the next answer. */
export function forgetOwnGames(app: FastifyInstance, userId: number): void {
  app.openingsMemory.ownGamesVersions.delete(userId);
}

const heroColor = (color: Color) => (color === 'white' ? 'White' : 'Black');

async function versionOf(app: FastifyInstance, userId: number, color: Color): Promise<string> {
  const byUser = app.openingsMemory.ownGamesVersions;
  const now = Date.now();
  const kept = byUser.get(userId);
  const known = kept && now - kept.readAt < VERSION_KEPT_MS ? kept[color] : undefined;
  if (known !== undefined) return known;
  const version = await readVersion(app.statements, userId, color);
  const fresh = kept && now - kept.readAt < VERSION_KEPT_MS ? kept : { readAt: now };
  fresh[color] = version;
  byUser.set(userId, fresh);
  return version;
}

/** A named statement (parsed and planned once); the latest change as text, alike on both drivers. */
async function readVersion(statements: SqlRunner, userId: number, color: Color): Promise<string> {
  const [row] = rowsOf<{ games: number; newest: number | null; changed: string | null }>(
    await statements.execute(sql`
      select count(*)::int as games, max(id) as newest, max(updated_at)::text as changed
      from game_reviews where user_id = ${userId} and hero_color = ${heroColor(color)}`),
  );
  return `${row?.games ?? 0}|${row?.newest ?? 0}|${row?.changed ?? ''}`;
}

/** The player's games with `color` counted by position (built again when their reviews changed). */
export async function ownGamesExplorer(app: FastifyInstance, userId: number, color: Color): Promise<OwnGamesExplorer> {
  const { db } = app;
  const { ownGames: cache, ownGamesBuilding: pending } = app.openingsMemory;
  const id = `${userId}|${color}`;
  const version = await versionOf(app, userId, color);
  const found = cache.get(id);
  if (found?.version === version) return found.explorer;
  const running = pending.get(id);
  if (running) {
    const built = await running;
    if (built.version === version) return built.explorer;
  }
  const work = (async (): Promise<KeptOwnGames> => {
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
    cache.set(id, built);
    return built;
  })().finally(() => pending.delete(id));
  pending.set(id, work);
  return (await work).explorer;
}
