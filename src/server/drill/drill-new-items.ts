import type { FastifyInstance } from 'fastify';
import type { Color, DrillDeckItem } from '../../chess/index.js';
import { chunks } from '../db/chunks.js';
import { readSyncedMark } from './drill-deck-repository.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { insertNewItems, readItemsByKeys } from './drill-items-repository.js';
import { itemValues, type DrillDeckSource } from './drill-source.js';
import { syncedDeck } from './drill-sync.js';
import { asDeckWriter, WRITE_CHUNK } from './drill-writer.js';

/**
 * New items are the study's positions that have no row yet (and rows served but never answered). They
 * are stored when first served or focused: a study of 20,000 positions costs no write until it is drilled.
 */

/** First batch of deck items looked up; each further batch is twice the one before. */
const FIRST_BATCH = 64;

/** Rows already read for the deck's first `count` items (by the statement that started the call). */
export interface LeadingRows {
  count: number;
  rows: readonly DrillItemRow[];
}

/**
 * The first `room` deck items, in order, that are still New: no row, or a row served but never
 * answered (not changed, not retired). Rows are read for the deck's leading items only, in growing
 * batches, so a call costs about the items already drilled, never the whole deck. Where the batches
 * end changes what is read, never what is chosen.
 */
async function chooseFresh(
  app: FastifyInstance,
  userId: number,
  color: Color,
  deck: readonly DrillDeckItem[],
  room: number,
  leading?: LeadingRows,
): Promise<{ chosen: DrillDeckItem[]; stored: Map<string, DrillItemRow> }> {
  const chosen: DrillDeckItem[] = [];
  const stored = new Map<string, DrillItemRow>();
  let batch = leading && leading.count > 0 ? leading.count : Math.max(FIRST_BATCH, 2 * room);
  for (let at = 0; at < deck.length && chosen.length < room; at += batch, batch *= 2) {
    const items = deck.slice(at, at + batch);
    // Whole rows: when every chosen item is stored already (the usual case), they are the answer.
    const keys = items.map((item) => item.key);
    const rows = at === 0 && leading ? leading.rows : await readItemsByKeys(app.db, userId, color, keys, false);
    for (const row of rows) stored.set(row.positionKey, row);
    for (const item of items) {
      if (chosen.length === room) break;
      const row = stored.get(item.key);
      if (!row || (row.state === 0 && row.changedAt === null && row.retiredAt === null)) chosen.push(item);
    }
  }
  return { chosen, stored };
}

/** The keys of the deck's first items, whose rows chooseFresh reads first when up to `limit` are wanted. */
export const leadingKeys = (deck: readonly DrillDeckItem[], limit: number): string[] =>
  deck.slice(0, Math.max(FIRST_BATCH, 2 * limit)).map((item) => item.key);

/**
 * Up to `room` New items of the colour in the study's order, stored as rows. `source` is the colour's
 * deck as the caller just found it, when it did, and `leading` the rows it read already of its first items.
 */
export async function freshItems(
  app: FastifyInstance,
  userId: number,
  color: Color,
  room: number,
  source?: DrillDeckSource,
  leading?: LeadingRows,
): Promise<DrillItemRow[]> {
  // A study stored between reading the deck and storing its items: read it again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const first = attempt === 0 && source !== undefined;
    const deck = first ? source : await syncedDeck(app, userId, color);
    if (!deck) return [];
    const { chosen, stored } = await chooseFresh(app, userId, color, deck.deck, room, first ? leading : undefined);
    if (chosen.length === 0) return [];
    const missing = chosen.filter((item) => !stored.has(item.key));
    if (missing.length === 0) return chosen.map((item) => stored.get(item.key)!);
    if (!(await storeItems(app, userId, color, deck, missing))) continue;
    const served = await readItemsByKeys(
      app.db,
      userId,
      color,
      missing.map((item) => item.key),
      false,
    );
    for (const row of served) stored.set(row.positionKey, row);
    return chosen.flatMap((item) => stored.get(item.key) ?? []);
  }
  return [];
}

/**
 * Stores deck items as New rows (those already stored are left as they are). False when the deck is
 * no longer the synced one (the study changed meanwhile): nothing is stored then.
 */
export async function storeItems(
  app: FastifyInstance,
  userId: number,
  color: Color,
  source: DrillDeckSource,
  items: readonly DrillDeckItem[],
  now = new Date(),
): Promise<boolean> {
  if (items.length === 0) return true;
  return asDeckWriter(app, userId, async (db) => {
    const synced = await readSyncedMark(db, userId, color);
    if (!synced?.startsWith(`${source.digest}:`)) return false;
    for (const chunk of chunks(items, WRITE_CHUNK)) {
      const values = chunk.map((item) => ({ key: item.key, ...itemValues(item, source.urls) }));
      await insertNewItems(db, userId, color, values, now);
    }
    return true;
  });
}
