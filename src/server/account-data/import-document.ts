// Import of an export document into the caller's account.
//
// Reading: the envelope first (format and version), then every row with its kind's zod schema;
// the first bad row stops the import with a message naming it ("cards[3] (id c-9): prompt_fen: ...").
//
// Writing happens in one transaction, and a second import of the same file adds nothing. Ids from
// another server cannot be kept (reviews, logs and drill items use serial ids), so each kind is
// matched on what identifies it in the account:
//   cards          their own id (client-made, unique per player): an existing card is left as it is
//   game reviews   the game link; without a link, the same PGN and played date. A review already
//                  there is left as it is, with its mistakes; mistakes come with new reviews only
//   review logs    card id + review time + rating
//   studies        one per colour: the imported one replaces the account's only when it is newer
//   drill items    colour + position; their logs come with new items only
//   uploaded stats position + speeds + ratings
//   site usernames filled only where the account has none; the drill's new items a day only
//                  where the account still has the default
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { parseGames } from '../../chess/pgn.js';
import { parseExcludeSymbols } from '../../chess/exclude-symbols.js';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import {
  cards,
  drillItems,
  drillLogs,
  gameReviews,
  mistakes,
  reviewLogs,
  studies,
  userPositionStats,
  users,
} from '../db/schema.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { lockDrillDeck } from '../drill/drill-writer.js';
import {
  exportEnvelope,
  exportedCard,
  exportedDrillItem,
  exportedGameReview,
  exportedReviewLog,
  exportedStudy,
  exportedUploadedStats,
  exportedSettings,
  exportedUser,
  type ExportedCard,
  type ExportedSettings,
  type ExportedDrillItem,
  type ExportedGameReview,
  type ExportedReviewLog,
  type ExportedStudy,
  type ExportedUploadedStats,
  type ExportedUser,
} from './export-format.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ImportDocument {
  user?: ExportedUser;
  settings?: ExportedSettings;
  studies: { white: ExportedStudy | null; black: ExportedStudy | null };
  gameReviews: ExportedGameReview[];
  cards: ExportedCard[];
  reviewLogs: ExportedReviewLog[];
  drill: ExportedDrillItem[];
  uploadedStats: ExportedUploadedStats[];
}

/** Rows added per kind (a study counts when it was stored or replaced). */
export interface ImportCounts {
  game_reviews: number;
  mistakes: number;
  cards: number;
  review_logs: number;
  studies: number;
  drill: number;
  drill_logs: number;
  uploaded_stats: number;
}

const CHUNK = 500;
/** users.drill_new_per_day's column default. */
const DEFAULT_DRILL_NEW_PER_DAY = 20;

/** Reads an export document; throws BadRequestError naming the first bad row. */
export function parseImportDocument(body: unknown): ImportDocument {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError('The file is not a Chess Prep export: expected a JSON object');
  }
  const nul = findNulCharacter(body, '');
  if (nul !== undefined)
    throw new BadRequestError(`Bad row ${nul}: text holds a NUL character, which cannot be stored`);
  const envelope = exportEnvelope.safeParse(body);
  if (!envelope.success) {
    throw new BadRequestError(`The file is not a Chess Prep export: ${describe(envelope.error)}`);
  }
  const doc = envelope.data;
  const user = doc.user === undefined ? undefined : parseRow(exportedUser, doc.user, 'user');
  const settings = doc.settings === undefined ? undefined : parseRow(exportedSettings, doc.settings, 'settings');
  const study = (color: 'white' | 'black') => {
    const value = doc.studies?.[color];
    if (value === undefined || value === null) return null;
    const parsed = parseRow(exportedStudy, value, `studies.${color}`);
    if (parsed.study_text !== null) {
      const games = parseGames(parsed.study_text);
      if (games.isErr) throw new BadRequestError(`studies.${color}: study_text: ${games.error.message}`);
    }
    if (parseExcludeSymbols(parsed.exclude_move_indicators).isErr) {
      throw new BadRequestError(`studies.${color}: exclude_move_indicators: not a list of ?, ??, !?, ?!`);
    }
    return parsed;
  };
  return {
    user,
    settings,
    studies: { white: study('white'), black: study('black') },
    gameReviews: parseRows(exportedGameReview, doc.game_reviews, 'game_reviews'),
    cards: parseRows(exportedCard, doc.cards, 'cards'),
    reviewLogs: parseRows(exportedReviewLog, doc.review_logs, 'review_logs'),
    drill: parseRows(exportedDrillItem, doc.drill, 'drill'),
    uploadedStats: parseRows(exportedUploadedStats, doc.uploaded_stats, 'uploaded_stats'),
  };
}

/** Path of the first string holding U+0000 (PostgreSQL text and jsonb refuse it), e.g. 'cards[2].prompt'. */
function findNulCharacter(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(document)' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function parseRows<T extends z.ZodType>(schema: T, rows: unknown[] | undefined, kind: string): z.infer<T>[] {
  return (rows ?? []).map((row, index) => parseRow(schema, row, `${kind}[${index}]`));
}

function parseRow<T extends z.ZodType>(schema: T, row: unknown, where: string): z.infer<T> {
  const parsed = schema.safeParse(row);
  if (parsed.success) return parsed.data;
  const id = typeof row === 'object' && row !== null && 'id' in row ? ` (id ${String(row.id)})` : '';
  throw new BadRequestError(`Bad row ${where}${id}: ${describe(parsed.error)}`);
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** Writes the document into the account; the caller runs it in one transaction. */
export async function importDocument(tx: Tx, userId: number, doc: ImportDocument): Promise<ImportCounts> {
  const counts: ImportCounts = {
    game_reviews: 0,
    mistakes: 0,
    cards: 0,
    review_logs: 0,
    studies: 0,
    drill: 0,
    drill_logs: 0,
    uploaded_stats: 0,
  };
  if (doc.user) await fillSiteNames(tx, userId, doc.user);
  if (doc.settings) await fillSettings(tx, userId, doc.settings);
  counts.studies = await importStudies(tx, userId, doc.studies);
  Object.assign(counts, await importGameReviews(tx, userId, doc.gameReviews));
  counts.cards = await importCards(tx, userId, doc.cards);
  counts.review_logs = await importReviewLogs(tx, userId, doc.reviewLogs);
  Object.assign(counts, await importDrill(tx, userId, doc.drill));
  counts.uploaded_stats = await importUploadedStats(tx, userId, doc.uploadedStats);
  return counts;
}

async function fillSiteNames(tx: Tx, userId: number, user: ExportedUser): Promise<void> {
  if (user.username_lichess) {
    await tx
      .update(users)
      .set({ usernameLichess: user.username_lichess })
      .where(and(eq(users.id, userId), isNull(users.usernameLichess)));
  }
  if (user.username_chess_dot_com) {
    await tx
      .update(users)
      .set({ usernameChessDotCom: user.username_chess_dot_com })
      .where(and(eq(users.id, userId), isNull(users.usernameChessDotCom)));
  }
}

/** The drill's new items a day, unless the account already changed it from the default. */
async function fillSettings(tx: Tx, userId: number, settings: ExportedSettings): Promise<void> {
  await tx
    .update(users)
    .set({ drillNewPerDay: settings.drill_new_per_day })
    .where(and(eq(users.id, userId), eq(users.drillNewPerDay, DEFAULT_DRILL_NEW_PER_DAY)));
}

async function importStudies(tx: Tx, userId: number, input: ImportDocument['studies']): Promise<number> {
  let stored = 0;
  for (const color of ['white', 'black'] as const) {
    const study = input[color];
    if (!study) continue;
    const values = {
      title: study.title,
      link: study.link,
      studyText: study.study_text,
      excludeMoveIndicators: study.exclude_move_indicators,
      lastUpdate: new Date(study.last_update),
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
  }
  return stored;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const unlinkedKey = (pgnMd5: string, played: Date | null) => `${pgnMd5}|${played ? played.getTime() : ''}`;

async function importGameReviews(
  tx: Tx,
  userId: number,
  input: ExportedGameReview[],
): Promise<Pick<ImportCounts, 'game_reviews' | 'mistakes'>> {
  if (input.length === 0) return { game_reviews: 0, mistakes: 0 };
  const existing = await tx
    .select({ link: gameReviews.link, pgnMd5: sql<string>`md5(${gameReviews.pgn})`, played: gameReviews.datePlayed })
    .from(gameReviews)
    .where(eq(gameReviews.userId, userId));
  const seen = new Set(existing.map((r) => (r.link ? `link:${r.link}` : unlinkedKey(r.pgnMd5, r.played))));
  let added = 0;
  let addedMistakes = 0;
  for (const review of input) {
    const played = review.date_time_played ? new Date(review.date_time_played) : null;
    const key = review.link ? `link:${review.link}` : unlinkedKey(md5(review.pgn), played);
    if (seen.has(key)) continue;
    seen.add(key);
    const [row] = await tx
      .insert(gameReviews)
      .values({
        userId,
        username: review.username,
        opponentName: review.opponent_name,
        heroColor: review.hero_color,
        datePlayed: played,
        site: review.site,
        link: review.link,
        pgn: review.pgn,
        notes: review.notes,
        timeControl: review.time_control,
        heroElo: review.hero_elo,
        opponentElo: review.opponent_elo,
        result: review.result,
        howResolved: review.how_resolved,
        ...(review.created_at ? { createdAt: new Date(review.created_at) } : {}),
      })
      .returning({ id: gameReviews.id });
    added += 1;
    if (review.mistakes.length) {
      await tx.insert(mistakes).values(
        review.mistakes.map((m) => ({
          userId,
          gameReviewId: row.id,
          ply: m.ply,
          fen: m.fen,
          move: m.move,
          betterMove: m.better_move,
          notes: m.notes,
          kind: m.kind ?? null,
        })),
      );
      addedMistakes += review.mistakes.length;
    }
  }
  return { game_reviews: added, mistakes: addedMistakes };
}

async function importCards(tx: Tx, userId: number, input: ExportedCard[]): Promise<number> {
  let added = 0;
  for (const chunk of chunks(input, CHUNK)) {
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
    added += rows.length;
  }
  // The card list's version changes with every change to the player's cards.
  if (added > 0) {
    await tx
      .update(users)
      .set({ cardsVersion: sql`${users.cardsVersion} + 1` })
      .where(eq(users.id, userId));
  }
  return added;
}

async function importReviewLogs(tx: Tx, userId: number, input: ExportedReviewLog[]): Promise<number> {
  if (input.length === 0) return 0;
  const existing = await tx
    .select({ cardId: reviewLogs.cardId, review: reviewLogs.review, rating: reviewLogs.rating })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId));
  const key = (cardId: string, review: Date, rating: number) => `${cardId}|${review.getTime()}|${rating}`;
  const seen = new Set(existing.map((r) => key(r.cardId, r.review, r.rating)));
  const fresh = input.filter((log) => {
    const k = key(log.card_id, new Date(log.review), log.rating);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  for (const chunk of chunks(fresh, CHUNK)) {
    await tx.insert(reviewLogs).values(
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
    );
  }
  return fresh.length;
}

async function importDrill(
  tx: Tx,
  userId: number,
  input: ExportedDrillItem[],
): Promise<Pick<ImportCounts, 'drill' | 'drill_logs'>> {
  let items = 0;
  let logs = 0;
  // The deck's writers take turns (see lockDrillDeck), so a sync never inserts beside the import.
  await lockDrillDeck(tx as unknown as Db, userId);
  for (const chunk of chunks(input, CHUNK)) {
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
    const newIds = new Map(rows.map((r) => [`${r.color}|${r.positionKey}`, r.id]));
    const logValues = chunk.flatMap((item) => {
      const itemId = newIds.get(`${item.color}|${item.position_key}`);
      if (itemId === undefined) return [];
      newIds.delete(`${item.color}|${item.position_key}`);
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
    for (const logChunk of chunks(logValues, CHUNK)) await tx.insert(drillLogs).values(logChunk);
    logs += logValues.length;
  }
  // Imported items may be of positions the stored study no longer has: the next sync compares them all.
  if (items > 0) await tx.update(studies).set({ drillSynced: null }).where(eq(studies.userId, userId));
  return { drill: items, drill_logs: logs };
}

async function importUploadedStats(tx: Tx, userId: number, input: ExportedUploadedStats[]): Promise<number> {
  let added = 0;
  for (const chunk of chunks(input, CHUNK)) {
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
          ...(s.updated_at ? { updatedAt: new Date(s.updated_at) } : {}),
        })),
      )
      .onConflictDoNothing()
      .returning({ fen: userPositionStats.fen });
    added += rows.length;
  }
  return added;
}
