// What an import needs to know of the account before writing (so it writes only what is missing),
// and the writing of drill items and uploaded statistics. See import-writer.ts.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import { cards, drillItems, drillLogs, gameReviews, reviewLogs, userPositionStats } from '../db/schema.js';
import { nextTurn } from '../drill/drill-writer.js';
import type { ExportedDrillItem } from './export-format.js';
import type { ImportCounts } from '@contract/account-data.js';
import type { ImportDocument } from './import-document.js';

const CHUNK = 100;

/** Runs one bounded write: after a turn of the event loop, in the import's transaction or a batch's own. */
export type Step = <T>(write: (db: Db) => Promise<T>) => Promise<T>;

/** The keys that identify each kind of row in the account (see import-document.ts). */
export interface AccountKeys {
  cardIds: Set<string>;
  reviews: Set<string>;
  reviewLogs: Set<string>;
  drill: Set<string>;
  stats: Set<string>;
}

/** A review's key: its link, or without one the PGN's md5 and the played date. */
export const reviewKey = (link: string | null, pgnMd5: string, played: Date | null) =>
  link ? `link:${link}` : `${pgnMd5}|${played ? played.getTime() : ''}`;

const drillKey = (color: string, positionKey: string) => `${color}|${positionKey}`;
const statsKey = (fen: string, speeds: string, ratings: string) => `${fen}|${speeds}|${ratings}`;

/** Keys read per query: an account of 100,000 cards is read in pages, with other requests between. */
export const KEY_PAGE = 5_000;

/** Reads rows in pages (keyset: each page after the last row of the one before), a turn of the event loop between pages. */
export async function readPaged<R, K>(
  read: (after: K | undefined) => Promise<R[]>,
  keyOf: (row: R) => K,
  each: (row: R) => void,
): Promise<void> {
  let after: K | undefined;
  for (;;) {
    const rows = await read(after);
    for (const row of rows) each(row);
    if (rows.length < KEY_PAGE) return;
    after = keyOf(rows[rows.length - 1]);
    await nextTurn();
  }
}

export async function readAccountKeys(db: Db, userId: number): Promise<AccountKeys> {
  const keys: AccountKeys = {
    cardIds: new Set(),
    reviews: new Set(),
    reviewLogs: new Set(),
    drill: new Set(),
    stats: new Set(),
  };
  await readPaged(
    (after: string | undefined) =>
      db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.userId, userId), after === undefined ? undefined : gt(cards.id, after)))
        .orderBy(asc(cards.id))
        .limit(KEY_PAGE),
    (r) => r.id,
    (r) => keys.cardIds.add(r.id),
  );
  await readPaged(
    (after: number | undefined) =>
      db
        .select({
          id: gameReviews.id,
          link: gameReviews.link,
          pgnMd5: sql<string>`md5(${gameReviews.pgn})`,
          played: gameReviews.datePlayed,
        })
        .from(gameReviews)
        .where(and(eq(gameReviews.userId, userId), after === undefined ? undefined : gt(gameReviews.id, after)))
        .orderBy(asc(gameReviews.id))
        .limit(KEY_PAGE),
    (r) => r.id,
    (r) => keys.reviews.add(reviewKey(r.link, r.pgnMd5, r.played)),
  );
  await readPaged(
    (after: number | undefined) =>
      db
        .select({ id: reviewLogs.id, cardId: reviewLogs.cardId, review: reviewLogs.review, rating: reviewLogs.rating })
        .from(reviewLogs)
        .where(and(eq(reviewLogs.userId, userId), after === undefined ? undefined : gt(reviewLogs.id, after)))
        .orderBy(asc(reviewLogs.id))
        .limit(KEY_PAGE),
    (r) => r.id,
    (r) => keys.reviewLogs.add(`${r.cardId}|${r.review.getTime()}|${r.rating}`),
  );
  await readPaged(
    (after: number | undefined) =>
      db
        .select({ id: drillItems.id, color: drillItems.color, positionKey: drillItems.positionKey })
        .from(drillItems)
        .where(and(eq(drillItems.userId, userId), after === undefined ? undefined : gt(drillItems.id, after)))
        .orderBy(asc(drillItems.id))
        .limit(KEY_PAGE),
    (r) => r.id,
    (r) => keys.drill.add(drillKey(r.color, r.positionKey)),
  );
  const stats = userPositionStats;
  await readPaged(
    (after: { fen: string; speeds: string; ratings: string } | undefined) =>
      db
        .select({ fen: stats.fen, speeds: stats.speeds, ratings: stats.ratings })
        .from(stats)
        .where(
          and(
            eq(stats.userId, userId),
            after === undefined
              ? undefined
              : sql`(${stats.fen}, ${stats.speeds}, ${stats.ratings}) > (${after.fen}, ${after.speeds}, ${after.ratings})`,
          ),
        )
        .orderBy(asc(stats.fen), asc(stats.speeds), asc(stats.ratings))
        .limit(KEY_PAGE),
    (r) => r,
    (r) => keys.stats.add(statsKey(r.fen, r.speeds, r.ratings)),
  );
  return keys;
}

/** New drill items, each with its logs in the same batch. */
export async function insertDrillItems(
  step: Step,
  userId: number,
  input: ExportedDrillItem[],
  keys: AccountKeys,
): Promise<Pick<ImportCounts, 'drill' | 'drill_logs'>> {
  const fresh = input.filter((item) => {
    const key = drillKey(item.color, item.position_key);
    if (keys.drill.has(key)) return false;
    keys.drill.add(key);
    return true;
  });
  let items = 0;
  let logs = 0;
  for (const chunk of chunks(fresh, CHUNK)) {
    await step(async (tx) => {
      const rows = await tx
        .insert(drillItems)
        .values(
          chunk.map((item) => ({
            userId,
            color: item.color,
            positionKey: item.position_key,
            fen: item.fen.trim(),
            line: item.line,
            moveNumber: item.move_number,
            answers: item.answers,
            ord: item.ord,
            chapters: item.chapters,
            retiredAt: item.retired_at ? new Date(item.retired_at) : null,
            changedAt: item.changed_at ? new Date(item.changed_at) : null,
            due: new Date(item.due),
            stability: item.stability,
            difficulty: item.difficulty,
            elapsedDays: item.elapsed_days,
            scheduledDays: item.scheduled_days,
            reps: item.reps,
            lapses: item.lapses,
            state: item.state,
            lastReview: item.last_review ? new Date(item.last_review) : null,
            ...(item.created_at ? { createdAt: new Date(item.created_at) } : {}),
          })),
        )
        .onConflictDoNothing({ target: [drillItems.userId, drillItems.color, drillItems.positionKey] })
        .returning({ id: drillItems.id, color: drillItems.color, positionKey: drillItems.positionKey });
      items += rows.length;
      const newIds = new Map(rows.map((r) => [drillKey(r.color, r.positionKey), r.id]));
      const logValues = chunk.flatMap((item) => {
        const itemId = newIds.get(drillKey(item.color, item.position_key));
        if (itemId === undefined) return [];
        return item.logs.map((log) => ({
          userId,
          itemId,
          uci: log.uci,
          correct: log.correct,
          rating: log.rating,
          state: log.state,
          due: new Date(log.due),
          stability: log.stability,
          difficulty: log.difficulty,
          elapsedDays: log.elapsed_days,
          lastElapsedDays: log.last_elapsed_days,
          scheduledDays: log.scheduled_days,
          review: new Date(log.review),
        }));
      });
      for (const part of chunks(logValues, CHUNK)) await tx.insert(drillLogs).values(part);
      logs += logValues.length;
    });
  }
  return { drill: items, drill_logs: logs };
}

export async function insertUploadedStats(
  step: Step,
  userId: number,
  input: ImportDocument['uploadedStats'],
  keys: AccountKeys,
): Promise<number> {
  const fresh = input.filter((s) => {
    const key = statsKey(s.fen, s.speeds, s.ratings);
    if (keys.stats.has(key)) return false;
    keys.stats.add(key);
    return true;
  });
  let added = 0;
  for (const chunk of chunks(fresh, CHUNK)) {
    added += await step(async (tx) => {
      const rows = await tx
        .insert(userPositionStats)
        .values(
          chunk.map((s) => ({
            userId,
            fen: s.fen,
            speeds: s.speeds,
            ratings: s.ratings,
            white: s.white,
            draws: s.draws,
            black: s.black,
            moves: s.moves,
            ...(s.updatedAt ? { updatedAt: s.updatedAt } : {}),
          })),
        )
        .onConflictDoNothing()
        .returning({ fen: userPositionStats.fen });
      return rows.length;
    });
  }
  return added;
}
