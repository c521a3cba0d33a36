import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GameRecord } from '../../chess/game-record.js';
import type { Db } from '../db/client.js';
import { gameImportSettings, gameReviews, siteGameChecks } from '../db/schema.js';
import { forgetOwnGames } from '../openings/own-games.js';

/**
 * The automatic import: a background fetch of the player's games on a site (new-games.ts) saves the
 * games played since the last import as reviews, oldest first and at most IMPORT_LIMIT at a time (the
 * next fetch takes the rest), never twice: the review's link is unique per player, so two processes, a
 * retry or a game the player saved by hand add nothing. A review the player deleted is not brought back.
 */

/** Games one fetch saves at most per site. */
export const IMPORT_LIMIT = 100;

/** The player's choice, or the default: on (it only acts with a site username). */
export async function autoImportOn(db: Db, userId: number): Promise<{ on: boolean; chosen: boolean }> {
  const [row] = await db
    .select({ on: gameImportSettings.autoImport })
    .from(gameImportSettings)
    .where(eq(gameImportSettings.userId, userId));
  return row ? { on: row.on, chosen: true } : { on: true, chosen: false };
}

export async function setAutoImport(db: Db, userId: number, on: boolean): Promise<void> {
  await db
    .insert(gameImportSettings)
    .values({ userId, autoImport: on })
    .onConflictDoUpdate({ target: gameImportSettings.userId, set: { autoImport: on, updatedAt: sql`now()` } });
}

const playedAt = (record: GameRecord): number | undefined =>
  record.dateTimePlayed ? Date.parse(record.dateTimePlayed) : undefined;

/**
 * Saves the fetched games played after the check's `imported_until` as reviews (only while the fetch
 * that claimed the check still holds it); answers how many were saved.
 */
export async function importFetchedGames(
  app: FastifyInstance,
  userId: number,
  check: { site: 'lichess' | 'chesscom'; username: string; started: Date },
  records: readonly GameRecord[],
): Promise<number> {
  const held = and(
    eq(siteGameChecks.userId, userId),
    eq(siteGameChecks.site, check.site),
    eq(siteGameChecks.username, check.username),
    eq(siteGameChecks.startedAt, check.started),
  );
  const { db } = app;
  const [row] = await db.select({ until: siteGameChecks.importedUntil }).from(siteGameChecks).where(held);
  if (!row) return 0;
  const since = row.until?.getTime();
  const fresh = records
    .filter((r) => r.link && (since === undefined || (playedAt(r) ?? -Infinity) > since))
    .sort((a, b) => (playedAt(a) ?? 0) - (playedAt(b) ?? 0))
    .slice(0, IMPORT_LIMIT);
  let imported = 0;
  if (fresh.length > 0) {
    const saved = await db
      .insert(gameReviews)
      .values(
        fresh.map((r) => ({
          userId,
          username: r.username,
          opponentName: r.opponentName,
          heroColor: r.heroColor,
          datePlayed: playedAt(r) === undefined ? null : new Date(playedAt(r)!),
          site: r.site,
          link: r.link,
          pgn: r.pgn,
          timeControl: r.timeControl,
          heroElo: r.heroElo,
          opponentElo: r.opponentElo,
          result: r.result,
          howResolved: r.howResolved,
          imported: true,
        })),
      )
      .onConflictDoNothing({ target: [gameReviews.userId, gameReviews.link] })
      .returning({ id: gameReviews.id });
    imported = saved.length;
    if (imported > 0) forgetOwnGames(app, userId);
  }
  const latest = Math.max(since ?? -Infinity, ...fresh.map((r) => playedAt(r) ?? -Infinity));
  await db
    .update(siteGameChecks)
    .set({ imported, importedUntil: Number.isFinite(latest) ? new Date(latest) : null })
    .where(held);
  return imported;
}
