// Flashcard calls: list, create/edit in bulk, review on the server's clock, delete. Every call
// touches only the caller's rows: cards are keyed by (user_id, id), so another user's id simply
// names a card of the caller's own.
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CardInput, deleteCardBody, reviewCardBody, upsertCardsBody } from '@contract/cards.js';
import { type Card, type CardSchedule, type ReviewLog, Rating, reviewCard } from '../../chess/scheduling.js';
import { chunks } from '../db/chunks.js';
import { rowsOf } from '../db/rows.js';
import type { Db } from '../db/client.js';
import { cards, reviewLogs } from '../db/schema.js';
import { acceptsBrotli, brotli } from '../plugins/compression.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { logToColumns, scheduleFromColumns, scheduleToColumns } from '../cards/fsrs-columns.js';
import { playerScheduler } from '../today/player-scheduler.js';
import { CardListCache } from './card-list-cache.js';
import { bumpCardsVersion, cardsEtag, cardsVersion, getCardsResponseSchema } from './cards-version.js';

type CardRow = Omit<typeof cards.$inferSelect, 'createdAt' | 'updatedAt' | 'listJson'>;
type CardInsert = typeof cards.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the card screens show: every column but the bookkeeping dates and the stored JSON. */
const { createdAt: _created, updatedAt: _updated, listJson: _json, ...CARD_COLUMNS } = getTableColumns(cards);

/** Lists shorter than this (some 40 cards) are not kept in memory. */
const KEPT_LIST_MIN_LENGTH = 16 * 1024;
/** Rows per INSERT statement: well under PostgreSQL's 65535 bound parameters. */
const CHUNK = 500;
const DAY_MS = 86_400_000;

export async function cardRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const lists = new CardListCache();
  // The session is checked before any body is read.
  app.addHook('onRequest', app.requireUser);

  app.get('/get-cards', { schema: { response: getCardsResponseSchema } }, async (request, reply) => {
    const userId = request.user!.id;
    // The browser revalidates every time (no-cache) and gets 304 while the version is unchanged.
    const version = await cardsVersion(app.db, userId);
    const etag = cardsEtag(userId, version);
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const kept = lists.findList(userId, version);
    let text: string | undefined;
    let body = kept;
    if (!kept) {
      text = `{"api_data":[${await readCardList(app, userId)}]}`;
      // Small lists are read again each time: cheap, and the memory goes to the large ones.
      if (text.length >= KEPT_LIST_MIN_LENGTH) {
        body = brotli(text);
        lists.keepList(userId, version, body);
      }
    }
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (body && acceptsBrotli(request)) return reply.header('content-encoding', 'br').send(body);
    // Other clients get the text, which the compression plugin sends gzipped when they take gzip.
    return reply.send(text ?? brotliDecompressSync(body!));
  });

  app.post('/upsert-cards', { schema: { body: upsertCardsBody } }, async (request) => {
    const input = request.body;
    const userId = request.user!.id;
    const now = new Date();
    const saved = await app.db.transaction(async (tx) => {
      await bumpCardsVersion(tx, userId);
      return upsertCards(tx, userId, input, now);
    });
    return { api_data: saved.map(toCard) };
  });

  app.post('/review-card', { schema: { body: reviewCardBody } }, async (request, reply) => {
    const { id, rating } = request.body;
    const userId = request.user!.id;
    const now = new Date();
    const result = await app.db.transaction(async (tx) => {
      // The player's row first, as in every card change: one lock order, so no deadlock.
      await bumpCardsVersion(tx, userId);
      const [row] = await tx
        .select(CARD_COLUMNS)
        .from(cards)
        .where(and(eq(cards.userId, userId), eq(cards.id, id)))
        .for('update');
      if (!row) return undefined;
      // The player's own weights once optimised; intervals stop at 1000 days (the card review screen's).
      const reviewed = reviewCard(toCard(row), rating, now, await playerScheduler(tx, userId, 'cards'));
      if (reviewed.isErr) throw new BadRequestError(reviewed.error.message);
      const { card, log } = reviewed.value;
      const [updated] = await tx
        .update(cards)
        .set({ ...scheduleToColumns(card), updatedAt: now })
        .where(and(eq(cards.userId, userId), eq(cards.id, id)))
        .returning(CARD_COLUMNS);
      await tx.insert(reviewLogs).values(logRow(userId, id, log));
      return { card: toCard(updated), log };
    });
    if (!result) return reply.code(404).send({ error: `No card with id ${id}` });
    return { api_data: result };
  });

  app.post('/delete-card', { schema: { body: deleteCardBody } }, async (request) => {
    const { id } = request.body;
    const userId = request.user!.id;
    const deleted = await app.db.transaction(async (tx) => {
      await bumpCardsVersion(tx, userId);
      return tx
        .delete(cards)
        .where(and(eq(cards.userId, userId), eq(cards.id, id)))
        .returning({ id: cards.id });
    });
    return { api_data: { id, deleted: deleted.length > 0 } };
  });
}

/**
 * The player's cards as get-cards lists them (by due date), joined with commas. Each row holds its own
 * JSON (kept by the trigger cards_list_json, as toCard would write it): joining texts is several times
 * cheaper than building 5,000 objects per request. PGlite hands over one joined text fastest;
 * PostgreSQL's driver reads 5,000 short rows faster than one 2.6 MB value.
 */
async function readCardList(app: FastifyInstance, userId: number): Promise<string> {
  if (app.dbKind === 'pglite') {
    const result = await app.db.execute(sql`
      select coalesce(string_agg(list_json, ',' order by due, id), '') as list
      from cards where user_id = ${userId}`);
    return rowsOf<{ list: string }>(result)[0]?.list ?? '';
  }
  const rows = await app.db
    .select({ json: cards.listJson })
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(asc(cards.due), asc(cards.id));
  return rows.map((row) => row.json).join(',');
}

/**
 * Inserts new cards and edits existing ones. A schedule that an edit changes is logged as a Manual
 * review (ts-fsrs's rating for a rescheduled card), so no change to a player's history goes unrecorded.
 */
async function upsertCards(tx: Tx, userId: number, input: CardInput[], now: Date): Promise<CardRow[]> {
  const existing = new Map<string, CardRow>();
  for (const ids of chunks(
    input.map((c) => c.id),
    CHUNK,
  )) {
    // Locked until the transaction ends: a review committing meanwhile is read here and merged, not
    // overwritten by the schedule as it was before (review-card locks the row the same way).
    const rows = await tx
      .select(CARD_COLUMNS)
      .from(cards)
      .where(and(eq(cards.userId, userId), inArray(cards.id, ids)))
      .orderBy(asc(cards.id))
      .for('update');
    for (const row of rows) existing.set(row.id, row);
  }
  const values: CardInsert[] = [];
  const logs: (typeof reviewLogs.$inferInsert)[] = [];
  for (const card of input) {
    const before = existing.get(card.id);
    const schedule = mergeSchedule(card, before ? toCard(before) : undefined, now);
    values.push({
      id: card.id,
      userId,
      prompt: card.prompt,
      promptFen: card.prompt_fen.trim(),
      promptPgn: card.prompt_pgn,
      answer: card.answer,
      answerFen: card.answer_fen.trim(),
      answerPgn: card.answer_pgn,
      orientation: card.orientation,
      ...scheduleToColumns(schedule),
      updatedAt: now,
    });
    if (before && scheduleChanged(toCard(before), schedule)) {
      logs.push(logRow(userId, card.id, manualLog(toCard(before), now)));
    }
  }
  const saved: CardRow[] = [];
  for (const chunk of chunks(values, CHUNK)) {
    const rows = await tx
      .insert(cards)
      .values(chunk)
      .onConflictDoUpdate({
        target: [cards.userId, cards.id],
        set: Object.fromEntries(UPDATED_COLUMNS.map((name) => [name, sql.raw(`excluded.${cards[name].name}`)])),
      })
      .returning(CARD_COLUMNS);
    saved.push(...rows);
  }
  for (const chunk of chunks(logs, CHUNK)) await tx.insert(reviewLogs).values(chunk);
  const order = new Map(input.map((c, i) => [c.id, i]));
  return saved.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

const UPDATED_COLUMNS = [
  'prompt',
  'promptFen',
  'promptPgn',
  'answer',
  'answerFen',
  'answerPgn',
  'orientation',
  'due',
  'stability',
  'difficulty',
  'elapsedDays',
  'scheduledDays',
  'reps',
  'lapses',
  'state',
  'lastReview',
  'updatedAt',
] as const satisfies readonly (keyof typeof cards.$inferSelect)[];

/** The schedule an upsert stores: each field sent wins, else the stored one, else a new card's. */
function mergeSchedule(card: CardInput, before: Card | undefined, now: Date): CardSchedule {
  const base: CardSchedule = before ?? {
    due: now.toISOString(),
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    reps: 0,
    lapses: 0,
    state: 0,
  };
  const lastReview = card.last_review === undefined ? base.last_review : (card.last_review ?? undefined);
  const schedule: CardSchedule = {
    due: card.due ? new Date(card.due).toISOString() : base.due,
    stability: card.stability ?? base.stability,
    difficulty: card.difficulty ?? base.difficulty,
    elapsed_days: card.elapsed_days ?? base.elapsed_days,
    scheduled_days: card.scheduled_days ?? base.scheduled_days,
    reps: card.reps ?? base.reps,
    lapses: card.lapses ?? base.lapses,
    state: card.state ?? base.state,
  };
  if (lastReview) schedule.last_review = new Date(lastReview).toISOString();
  return schedule;
}

function scheduleChanged(a: CardSchedule, b: CardSchedule): boolean {
  return (
    a.due !== b.due ||
    a.stability !== b.stability ||
    a.difficulty !== b.difficulty ||
    a.elapsed_days !== b.elapsed_days ||
    a.scheduled_days !== b.scheduled_days ||
    a.reps !== b.reps ||
    a.lapses !== b.lapses ||
    a.state !== b.state ||
    (a.last_review ?? null) !== (b.last_review ?? null)
  );
}

/** A log row for a schedule set by hand: the values before the change, as ts-fsrs logs them. */
function manualLog(before: CardSchedule, now: Date): ReviewLog {
  return {
    rating: Rating.Manual,
    state: before.state,
    due: before.last_review ?? before.due,
    stability: before.stability,
    difficulty: before.difficulty,
    elapsed_days: before.last_review ? Math.floor((now.getTime() - Date.parse(before.last_review)) / DAY_MS) : 0,
    last_elapsed_days: before.elapsed_days,
    scheduled_days: before.scheduled_days,
    review: now.toISOString(),
  };
}

function logRow(userId: number, cardId: string, log: ReviewLog): typeof reviewLogs.$inferInsert {
  return { userId, cardId, ...logToColumns(log) };
}

/** A stored row in the spec's Card shape (dates as ISO strings, user_id as text). */
export function toCard(row: CardRow): Card {
  return {
    id: row.id,
    user_id: String(row.userId),
    prompt: row.prompt,
    prompt_fen: row.promptFen,
    prompt_pgn: row.promptPgn,
    answer: row.answer,
    answer_fen: row.answerFen,
    answer_pgn: row.answerPgn,
    orientation: row.orientation,
    ...scheduleFromColumns(row),
  };
}
