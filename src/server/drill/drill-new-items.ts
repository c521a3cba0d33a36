import type { FastifyInstance } from 'fastify';
import type { Color, DrillDeckItem } from '../../chess/index.js';
import { chunks } from '../db/chunks.js';
import { readSyncedMark } from './drill-deck-repository.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { chooseNewItems, insertNewItems, readItemsByKeys, type ChosenNew } from './drill-items-repository.js';
import { itemValues, type DrillDeckSource } from './drill-source.js';
import { syncedDeck } from './drill-sync.js';
import { asDeckWriter, WRITE_CHUNK } from './drill-writer.js';

/**
 * New items are the study's positions that have no row yet (and rows served but never answered). They
 * are stored when first served or focused: a study of 20,000 positions costs no write until it is drilled.
 */

/** First batch of deck items looked at; each further batch is four times the one before, up to the last. */
const FIRST_BATCH = 64;
const LAST_BATCH = 8_192;

/** New items already chosen among the deck's first `count` items (by the statement that started the call). */
export interface LeadingChoice {
  count: number;
  chosen: readonly ChosenNew[];
}

/**
 * The first `room` deck items, in order, that are still New: no row, or a row served but never
 * answered (not changed, not retired). The deck's leading items are looked at in growing batches,
 * answered ones skipped by the database, so a call reads about `room` rows whatever was drilled.
 * Where the batches end changes what is looked at, never what is chosen.
 */
async function chooseFresh(
  app: FastifyInstance,
  userId: number,
  color: Color,
  source: DrillDeckSource,
  room: number,
  leading?: LeadingChoice,
): Promise<{ chosen: DrillDeckItem[]; stored: Map<string, DrillItemRow> }> {
  const { deck, byKey } = source;
  const chosen: DrillDeckItem[] = [];
  const stored = new Map<string, DrillItemRow>();
  const take = (found: readonly ChosenNew[]) => {
    for (const { key, row } of found.slice(0, room - chosen.length)) {
      chosen.push(byKey.get(key)!);
      if (row) stored.set(key, row);
    }
  };
  let at = 0;
  if (leading) {
    take(leading.chosen);
    at = leading.count;
  }
  let batch = Math.max(FIRST_BATCH, 2 * room);
  while (at < deck.length && chosen.length < room) {
    const keys = deck.slice(at, at + batch).map((item) => item.key);
    take(await chooseNewItems(app.db, userId, color, keys, room - chosen.length));
    at += batch;
    batch = Math.min(LAST_BATCH, batch * 4);
  }
  return { chosen, stored };
}

/** The keys of the deck's first items, among which the call's first statement chooses New ones. */
export const leadingKeys = (deck: readonly DrillDeckItem[], limit: number): string[] =>
  deck.slice(0, Math.max(FIRST_BATCH, 2 * limit)).map((item) => item.key);

/**
 * Up to `room` New items of the colour in the study's order, stored as rows. `source` is the colour's
 * deck as the caller just found it, when it did, and `leading` what its first statement chose of that
 * deck; `versions` gets the version of the rows stored here and read back (KeptRows).
 */
export async function freshItems(
  app: FastifyInstance,
  userId: number,
  color: Color,
  room: number,
  source?: DrillDeckSource,
  leading?: LeadingChoice,
  versions?: Map<number, string>,
): Promise<DrillItemRow[]> {
  // A study stored between reading the deck and storing its items: read it again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const first = attempt === 0 && source !== undefined;
    const deck = first ? source : await syncedDeck(app, userId, color);
    if (!deck) return [];
    const { chosen, stored } = await chooseFresh(app, userId, color, deck, room, first ? leading : undefined);
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
      versions,
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
