// The export document written piece by piece: rows are read in pages of PAGE by id, and each page
// is serialized and handed on before the next is read, so a large account never sits in memory whole.
// The event loop turns between pages: the embedded database answers a query without one, so a
// chain of page reads would otherwise hold every other player until the whole export is written.
import { and, asc, eq, getTableColumns, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { nextTurn } from '../drill/drill-writer.js';
import {
  cards,
  drillItems,
  drillLogs,
  gameImportSettings,
  gameReviews,
  mistakes,
  reviewLogs,
  studies,
  userPositionStats,
  users,
} from '../db/schema.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  toExportedCard,
  toExportedDrillItem,
  toExportedGameReview,
  toExportedReviewLog,
  toExportedStudy,
  toExportedUploadedStats,
  type ExportedUser,
} from './export-format.js';
import { STUDY_COLUMNS } from '../openings/studies-repository.js';
import { list, PAGE } from './export-pages.js';
import { laterKindChunks } from './export-later-kinds.js';

/** The stored JSON that get-cards sends is not part of the export. */
const { listJson: _json, ...EXPORTED_CARD_COLUMNS } = getTableColumns(cards);

/** The player's whole export as JSON text chunks; never holds a password hash, token or session. */
export async function* exportChunks(db: Db, userId: number, now: Date): AsyncGenerator<string> {
  const [user] = await db
    .select({
      email: users.email,
      username: users.username,
      username_lichess: users.usernameLichess,
      username_chess_dot_com: users.usernameChessDotCom,
      drillNewPerDay: users.drillNewPerDay,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`export: no user ${userId}`);
  const { drillNewPerDay, ...names } = user;
  const exportedUser: ExportedUser = names;
  const [autoImport] = await db
    .select({ on: gameImportSettings.autoImport })
    .from(gameImportSettings)
    .where(eq(gameImportSettings.userId, userId));
  const studyRows = await db
    .select({ color: studies.color, ...STUDY_COLUMNS, additionsChapter: studies.additionsChapter })
    .from(studies)
    .where(eq(studies.userId, userId));
  const study = (color: 'white' | 'black') => {
    const row = studyRows.find((s) => s.color === color);
    return row ? toExportedStudy(row) : null;
  };
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    user: exportedUser,
    settings: { drill_new_per_day: drillNewPerDay, ...(autoImport ? { auto_import: autoImport.on } : {}) },
    studies: { white: study('white'), black: study('black') },
  };
  yield JSON.stringify(head).slice(0, -1);

  yield* list('game_reviews', async (after) => {
    const rows = await db
      .select()
      .from(gameReviews)
      .where(and(eq(gameReviews.userId, userId), gt(gameReviews.id, after)))
      .orderBy(asc(gameReviews.id))
      .limit(PAGE);
    const ids = rows.map((r) => r.id);
    const mistakeRows = ids.length
      ? await db
          .select()
          .from(mistakes)
          .where(and(eq(mistakes.userId, userId), inArray(mistakes.gameReviewId, ids)))
          .orderBy(asc(mistakes.id))
      : [];
    return rows.map((row) => ({
      key: row.id,
      value: toExportedGameReview(
        row,
        mistakeRows.filter((m) => m.gameReviewId === row.id),
      ),
    }));
  });

  // Cards are keyed by text ids: page through them by id too.
  let lastCardId = '';
  yield ',"cards":[';
  for (let first = true; ;) {
    const rows = await db
      .select(EXPORTED_CARD_COLUMNS)
      .from(cards)
      .where(and(eq(cards.userId, userId), gt(cards.id, lastCardId)))
      .orderBy(asc(cards.id))
      .limit(PAGE);
    if (rows.length === 0) break;
    yield (first ? '' : ',') + rows.map((r) => JSON.stringify(toExportedCard(r))).join(',');
    first = false;
    lastCardId = rows.at(-1)!.id;
    await nextTurn();
  }
  yield ']';

  yield* list('review_logs', async (after) => {
    const rows = await db
      .select()
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, userId), gt(reviewLogs.id, after)))
      .orderBy(asc(reviewLogs.id))
      .limit(PAGE);
    return rows.map((row) => ({ key: row.id, value: toExportedReviewLog(row) }));
  });

  yield* list('drill', async (after) => {
    const rows = await db
      .select()
      .from(drillItems)
      .where(and(eq(drillItems.userId, userId), gt(drillItems.id, after)))
      .orderBy(asc(drillItems.id))
      .limit(PAGE);
    const ids = rows.map((r) => r.id);
    const logRows = ids.length
      ? await db
          .select()
          .from(drillLogs)
          .where(and(eq(drillLogs.userId, userId), inArray(drillLogs.itemId, ids)))
          .orderBy(asc(drillLogs.id))
      : [];
    return rows.map((row) => ({
      key: row.id,
      value: toExportedDrillItem(
        row,
        logRows.filter((l) => l.itemId === row.id),
      ),
    }));
  });

  // Few rows (one per uploaded position and filter): one query.
  const statRows = await db.select().from(userPositionStats).where(eq(userPositionStats.userId, userId));
  yield `,"uploaded_stats":${JSON.stringify(statRows.map(toExportedUploadedStats))}`;
  yield* laterKindChunks(db, userId);
  yield '}';
}
