// The SQL of the card calls. Every query is keyed by (user_id, id): another player's id simply names
// a card of the caller's own.
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Card, CardInput } from '@contract/cards.js';
import type { ReviewLog } from '../../chess/scheduling.js';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { cards, reviewLogs } from '../db/schema.js';
import { manualLog, mergeSchedule, scheduleChanged } from './card-merge.js';
import { logToColumns, scheduleFromColumns, scheduleToColumns } from './fsrs-columns.js';

export type CardRow = Omit<typeof cards.$inferSelect, 'createdAt' | 'updatedAt' | 'listJson'>;
type CardInsert = typeof cards.$inferInsert;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the card screens show: every column but the bookkeeping dates and the stored JSON. */
const { createdAt: _created, updatedAt: _updated, listJson: _json, ...columns } = getTableColumns(cards);
export const CARD_COLUMNS = columns;

/** Rows per INSERT statement: well under PostgreSQL's 65535 bound parameters. */
const CHUNK = 500;

/**
 * The player's cards as get-cards lists them (by due date), joined with commas. Each row holds its own
 * JSON (kept by the trigger cards_list_json, as toCard would write it): joining texts is several times
 * cheaper than building 5,000 objects per request. PGlite hands over one joined text fastest;
 * PostgreSQL's driver reads 5,000 short rows faster than one 2.6 MB value.
 */
export async function readCardList(app: FastifyInstance, userId: number): Promise<string> {
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
export async function upsertCards(tx: Tx, userId: number, input: CardInput[], now: Date): Promise<CardRow[]> {
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

/** The player's card, locked until the transaction ends; undefined when they have none with that id. */
export async function lockCard(tx: Tx, userId: number, id: string): Promise<CardRow | undefined> {
  const [row] = await tx
    .select(CARD_COLUMNS)
    .from(cards)
    .where(and(eq(cards.userId, userId), eq(cards.id, id)))
    .for('update');
  return row;
}

/** Stores a reviewed card's schedule and its log row. */
export async function saveReview(tx: Tx, userId: number, card: Card, log: ReviewLog, now: Date): Promise<CardRow> {
  const [updated] = await tx
    .update(cards)
    .set({ ...scheduleToColumns(card), updatedAt: now })
    .where(and(eq(cards.userId, userId), eq(cards.id, card.id)))
    .returning(CARD_COLUMNS);
  await tx.insert(reviewLogs).values(logRow(userId, card.id, log));
  return updated;
}

/** Whether the player had a card with that id. */
export async function deleteCard(tx: Tx, userId: number, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(cards)
    .where(and(eq(cards.userId, userId), eq(cards.id, id)))
    .returning({ id: cards.id });
  return deleted.length > 0;
}

function logRow(userId: number, cardId: string, log: ReviewLog): typeof reviewLogs.$inferInsert {
  return { userId, cardId, ...logToColumns(log) };
}

/** A stored row as the answers carry a card (dates as ISO strings, user_id as text). */
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
