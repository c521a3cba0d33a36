// Writing a read import document (see import-document.ts) into the player's account.
//
// Every statement is bounded (CHUNK rows) and the event loop turns between two of them, so other
// players are answered while a large import is written; a server shutting down stops it between two
// statements. On PostgreSQL the whole import is one transaction (other connections go on meanwhile).
// The embedded database has one connection, which a long transaction would hold from everyone: there
// each batch is a transaction of its own, and a stopped import leaves whole batches that the next
// import of the same file completes (it adds only what is missing).
//
// What the account already holds is read first, so a re-import that adds nothing writes nothing.
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import { analyzeTables, GROWING_TABLES, type GrowingTable } from '../db/table-statistics.js';
import { cards, gameImportSettings, gameReviews, mistakes, reviewLogs, studies, users } from '../db/schema.js';
import { deckTurn, lockDrillDeck, nextTurn } from '../drill/drill-writer.js';
import { BadRequestError } from '../plugins/error-handler.js';
import type { AllImportCounts } from '@contract/account-data.js';
import type { ImportDocument } from './import-document.js';
import {
  insertExpectedScores,
  insertGoals,
  insertEdits,
  planEdits,
  readRepertoireKeys,
  replaceSources,
} from './import-repertoire-writer.js';
import {
  insertDrillItems,
  insertUploadedStats,
  readAccountKeys,
  reviewKey,
  type AccountKeys,
  type Step,
} from './import-rows.js';
import {
  insertPreps,
  insertReviewTraining,
  insertScheduler,
  insertWoodpeckerSets,
  readTrainingKeys,
  reviewTrainingOf,
  type ReviewTraining,
} from './import-training-writer.js';

const CHUNK = 100;
/** users.drill_new_per_day's column default. */
const DEFAULT_DRILL_NEW_PER_DAY = 20;

/** The server is closing: the import stopped between two statements. */
export class ImportStoppedError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('The server is restarting: import the file again in a moment (it adds only what is missing)');
  }
}

export interface ImportTarget {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True once the server is closing. */
  stopping(): boolean;
  /** Forgets what the app keeps of the player's studies (the import may write them). */
  forgetStudies(userId: number): void;
}

export async function writeImport(target: ImportTarget, userId: number, doc: ImportDocument): Promise<AllImportCounts> {
  // Forgotten again once the rows are in: a read during the import may have kept the old md5.
  target.forgetStudies(userId);
  try {
    return await writeInTurns(target, userId, doc);
  } finally {
    target.forgetStudies(userId);
  }
}

async function writeInTurns(target: ImportTarget, userId: number, doc: ImportDocument): Promise<AllImportCounts> {
  const before = async () => {
    await nextTurn();
    if (target.stopping()) throw new ImportStoppedError();
  };
  if (target.kind === 'postgres') {
    return target.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // The deck's writers take turns (see lockDrillDeck), so a sync never inserts beside the import.
      await lockDrillDeck(db, userId);
      const step: Step = async (write) => {
        await before();
        return write(db);
      };
      return writeAll(db, step, userId, doc);
    });
  }
  const step: Step = async (write) => {
    await before();
    return target.db.transaction((tx) => write(tx as unknown as Db));
  };
  const counts = await deckTurn(userId, () => writeAll(target.db, step, userId, doc));
  // The embedded database gathers no statistics by itself: tables that grew get them now.
  const grown = GROWING_TABLES.filter((table) => counts[COUNT_OF[table]] >= ANALYZE_AFTER_ROWS);
  if (!target.stopping()) await analyzeTables(target.db, grown);
  return counts;
}

/** Rows added to a table after which its statistics are gathered again (embedded database). */
const ANALYZE_AFTER_ROWS = 1_000;
const COUNT_OF: Record<GrowingTable, keyof AllImportCounts> = {
  cards: 'cards',
  review_logs: 'review_logs',
  game_reviews: 'game_reviews',
  mistakes: 'mistakes',
  drill_items: 'drill',
  drill_logs: 'drill_logs',
  user_position_stats: 'uploaded_stats',
};

async function writeAll(db: Db, step: Step, userId: number, doc: ImportDocument): Promise<AllImportCounts> {
  const keys = await readAccountKeys(db, userId);
  const repertoireKeys = await readRepertoireKeys(db, userId);
  const trainingKeys = await readTrainingKeys(db, userId);
  // Every check that can refuse the file comes before the first write.
  checkReviewLogCards(doc, keys);
  const editUnits = planEdits(doc.repertoireEdits, repertoireKeys);
  const account = await step((tx) => writeAccount(tx, userId, doc));
  const counts: AllImportCounts = {
    ...(await importGameReviews(step, userId, doc, keys, reviewTrainingOf(doc.gameAnalyses, doc.learnAttempts))),
    cards: await importCards(step, userId, doc, keys),
    review_logs: await importReviewLogs(step, userId, doc, keys),
    studies: account.studies,
    ...(await insertDrillItems(step, userId, doc.drill, keys)),
    uploaded_stats: await insertUploadedStats(step, userId, doc.uploadedStats, keys),
    repertoire_sources: account.sources,
    repertoire_edits: await insertEdits(step, userId, editUnits),
    coverage_goals: await insertGoals(step, userId, doc.coverageGoals),
    expected_scores: await insertExpectedScores(step, userId, doc.expectedScores, repertoireKeys),
    scheduler: await insertScheduler(step, userId, doc.scheduler),
    opponent_preps: await insertPreps(step, userId, doc.opponentPreps),
    ...(await insertWoodpeckerSets(step, userId, doc.woodpeckerSets, trainingKeys)),
  };
  // Imported items may be of positions the stored study no longer has: the next sync compares them all.
  if (counts.drill > 0) {
    await step((tx) => tx.update(studies).set({ drillSynced: null }).where(eq(studies.userId, userId)));
  }
  return counts;
}

/** A review log must belong to a card the account has or the file brings. */
function checkReviewLogCards(doc: ImportDocument, keys: AccountKeys): void {
  const fileCards = new Set(doc.cards.map((card) => card.id));
  const index = doc.reviewLogs.findIndex((log) => !keys.cardIds.has(log.card_id) && !fileCards.has(log.card_id));
  if (index < 0) return;
  const log = doc.reviewLogs[index];
  throw new BadRequestError(
    `Bad row review_logs[${index}] (id ${log.id}): card ${log.card_id} is neither in the file nor in your account`,
  );
}

/**
 * Site names and settings where the account has none, and the studies that are newer, each with its
 * colour's sources when the file has them.
 */
async function writeAccount(
  tx: Db,
  userId: number,
  doc: ImportDocument,
): Promise<{ studies: number; sources: number }> {
  if (doc.user?.username_lichess) {
    await tx
      .update(users)
      .set({ usernameLichess: doc.user.username_lichess })
      .where(and(eq(users.id, userId), isNull(users.usernameLichess)));
  }
  if (doc.user?.username_chess_dot_com) {
    await tx
      .update(users)
      .set({ usernameChessDotCom: doc.user.username_chess_dot_com })
      .where(and(eq(users.id, userId), isNull(users.usernameChessDotCom)));
  }
  if (doc.settings) {
    await tx
      .update(users)
      .set({ drillNewPerDay: doc.settings.drill_new_per_day })
      .where(and(eq(users.id, userId), eq(users.drillNewPerDay, DEFAULT_DRILL_NEW_PER_DAY)));
  }
  if (doc.settings?.auto_import !== undefined) {
    await tx.insert(gameImportSettings).values({ userId, autoImport: doc.settings.auto_import }).onConflictDoNothing();
  }
  let stored = 0;
  let sources = 0;
  for (const color of ['white', 'black'] as const) {
    const study = doc.studies[color];
    if (!study) continue;
    const values = {
      title: study.title,
      link: study.link || null,
      studyText: study.study_text,
      excludeMoveIndicators: study.exclude_move_indicators,
      lastUpdate: new Date(study.last_update),
      ...(study.additions_chapter !== undefined ? { additionsChapter: study.additions_chapter } : {}),
    };
    const rows = await tx
      .insert(studies)
      .values({ userId, color, ...values })
      .onConflictDoUpdate({
        target: [studies.userId, studies.color],
        set: values,
        setWhere: sql`${studies.lastUpdate} < excluded.last_update`,
      })
      .returning({ color: studies.color });
    stored += rows.length;
    // The study holds the union of its sources: they are stored with it or not at all.
    if (rows.length > 0 && doc.repertoireSources !== undefined)
      sources += await replaceSources(tx, userId, color, doc.repertoireSources);
  }
  return { studies: stored, sources };
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** New reviews with their mistakes, analyses and tries, each review's in the same batch. */
async function importGameReviews(
  step: Step,
  userId: number,
  doc: ImportDocument,
  keys: AccountKeys,
  training: ReviewTraining,
) {
  const fresh = doc.gameReviews.filter((review) => {
    const played = review.date_time_played ? new Date(review.date_time_played) : null;
    const key = reviewKey(review.link || null, md5(review.pgn), played);
    if (keys.reviews.has(key)) return false;
    keys.reviews.add(key);
    return true;
  });
  const counts = { game_reviews: 0, mistakes: 0, game_analyses: 0, learn_attempts: 0 };
  for (const chunk of chunks(fresh, CHUNK / 5)) {
    await step(async (tx) => {
      const rows = await tx
        .insert(gameReviews)
        .values(
          chunk.map((review) => ({
            userId,
            username: review.username,
            opponentName: review.opponent_name,
            heroColor: review.hero_color,
            datePlayed: review.date_time_played ? new Date(review.date_time_played) : null,
            site: review.site,
            link: review.link || null,
            pgn: review.pgn,
            notes: review.notes,
            timeControl: review.time_control,
            heroElo: review.hero_elo,
            opponentElo: review.opponent_elo,
            result: review.result,
            howResolved: review.how_resolved,
            imported: review.imported ?? false,
            ...(review.created_at ? { createdAt: new Date(review.created_at) } : {}),
          })),
        )
        .returning({ id: gameReviews.id });
      // PostgreSQL returns the rows of one VALUES list in its order.
      const values = chunk.flatMap((review, i) =>
        review.mistakes.map((m) => ({
          userId,
          gameReviewId: rows[i].id,
          ply: m.ply,
          fen: m.fen,
          move: m.move,
          betterMove: m.better_move,
          notes: m.notes,
          kind: m.kind ?? null,
        })),
      );
      for (const part of chunks(values, CHUNK)) await tx.insert(mistakes).values(part);
      const ids = new Map(chunk.map((review, i) => [review.id, rows[i].id]));
      const added = await insertReviewTraining(tx, userId, training, ids);
      counts.game_reviews += rows.length;
      counts.mistakes += values.length;
      counts.game_analyses += added.game_analyses;
      counts.learn_attempts += added.learn_attempts;
    });
  }
  return counts;
}

async function importCards(step: Step, userId: number, doc: ImportDocument, keys: AccountKeys): Promise<number> {
  const fresh = doc.cards.filter((card) => !keys.cardIds.has(card.id));
  let added = 0;
  for (const chunk of chunks(fresh, CHUNK)) {
    added += await step(async (tx) => {
      const rows = await tx
        .insert(cards)
        .values(
          chunk.map((card) => ({
            id: card.id,
            userId,
            prompt: card.prompt,
            promptFen: card.prompt_fen.trim(),
            promptPgn: card.prompt_pgn,
            answer: card.answer,
            answerFen: card.answer_fen.trim(),
            answerPgn: card.answer_pgn,
            orientation: card.orientation,
            due: new Date(card.due),
            stability: card.stability,
            difficulty: card.difficulty,
            elapsedDays: card.elapsed_days,
            scheduledDays: card.scheduled_days,
            reps: card.reps,
            lapses: card.lapses,
            state: card.state,
            lastReview: card.last_review ? new Date(card.last_review) : null,
          })),
        )
        .onConflictDoNothing({ target: [cards.userId, cards.id] })
        .returning({ id: cards.id });
      // The card list's version changes with every change to the player's cards.
      if (rows.length > 0) {
        await tx
          .update(users)
          .set({ cardsVersion: sql`${users.cardsVersion} + 1` })
          .where(eq(users.id, userId));
      }
      return rows.length;
    });
  }
  return added;
}

async function importReviewLogs(step: Step, userId: number, doc: ImportDocument, keys: AccountKeys): Promise<number> {
  const fresh = doc.reviewLogs.filter((log) => {
    const key = `${log.card_id}|${new Date(log.review).getTime()}|${log.rating}`;
    if (keys.reviewLogs.has(key)) return false;
    keys.reviewLogs.add(key);
    return true;
  });
  for (const chunk of chunks(fresh, CHUNK)) {
    await step((tx) =>
      tx.insert(reviewLogs).values(
        chunk.map((log) => ({
          userId,
          cardId: log.card_id,
          rating: log.rating,
          state: log.state,
          due: new Date(log.due),
          stability: log.stability,
          difficulty: log.difficulty,
          elapsedDays: log.elapsed_days,
          lastElapsedDays: log.last_elapsed_days,
          scheduledDays: log.scheduled_days,
          review: new Date(log.review),
        })),
      ),
    );
  }
  return fresh.length;
}
