import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Color, DrillDeckItem } from '../../chess/index.js';
import { chunks } from '../db/chunks.js';
import { drillItems, studies } from '../db/schema.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { itemValues, type DrillDeckSource } from './drill-source.js';
import { syncedDeck } from './drill-sync.js';
import { asDeckWriter, WRITE_CHUNK } from './drill-writer.js';

/**
 * New items are the study's positions that have no row yet (and rows served but never answered). They
 * are stored when first served or focused: a study of 20,000 positions costs no write until it is drilled.
 */

/** First batch of deck items looked up; each further batch is twice the one before. */
const FIRST_BATCH = 64;

/**
 * The first `room` deck items, in order, that are still New: no row, or a row served but never
 * answered (not changed, not retired). Rows are read for the deck's leading items only, in growing
 * batches, so a call costs about the items already drilled, never the whole deck.
 */
async function chooseFresh(
  app: FastifyInstance,
  userId: number,
  color: Color,
  deck: readonly DrillDeckItem[],
  room: number,
): Promise<{ chosen: DrillDeckItem[]; stored: Map<string, DrillItemRow> }> {
  const chosen: DrillDeckItem[] = [];
  const stored = new Map<string, DrillItemRow>();
  let batch = Math.max(FIRST_BATCH, 2 * room);
  for (let at = 0; at < deck.length && chosen.length < room; at += batch, batch *= 2) {
    const items = deck.slice(at, at + batch);
    // Whole rows: when every chosen item is stored already (the usual case), they are the answer.
    const rows = await app.db
      .select()
      .from(drillItems)
      .where(
        and(
          eq(drillItems.userId, userId),
          eq(drillItems.color, color),
          inArray(
            drillItems.positionKey,
            items.map((item) => item.key),
          ),
        ),
      );
    for (const row of rows) stored.set(row.positionKey, row);
    for (const item of items) {
      if (chosen.length === room) break;
      const row = stored.get(item.key);
      if (!row || (row.state === 0 && row.changedAt === null && row.retiredAt === null)) chosen.push(item);
    }
  }
  return { chosen, stored };
}

/** Up to `room` New items of the colour in the study's order, stored as rows. */
export async function freshItems(
  app: FastifyInstance,
  userId: number,
  color: Color,
  room: number,
): Promise<DrillItemRow[]> {
  // A study stored between reading the deck and storing its items: read it again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const source = await syncedDeck(app, userId, color);
    if (!source) return [];
    const { chosen, stored } = await chooseFresh(app, userId, color, source.deck, room);
    if (chosen.length === 0) return [];
    const missing = chosen.filter((item) => !stored.has(item.key));
    if (missing.length === 0) return chosen.map((item) => stored.get(item.key)!);
    if (!(await storeItems(app, userId, color, source, missing))) continue;
    const served = await app.db
      .select()
      .from(drillItems)
      .where(
        and(
          eq(drillItems.userId, userId),
          eq(drillItems.color, color),
          inArray(
            drillItems.positionKey,
            missing.map((item) => item.key),
          ),
        ),
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
    const [study] = await db
      .select({ synced: studies.drillSynced })
      .from(studies)
      .where(and(eq(studies.userId, userId), eq(studies.color, color)));
    if (!study?.synced?.startsWith(`${source.digest}:`)) return false;
    for (const chunk of chunks(items, WRITE_CHUNK)) {
      const json = JSON.stringify(chunk.map((item) => ({ key: item.key, ...itemValues(item, source.urls) })));
      await db.execute(sql`
        insert into drill_items (user_id, color, position_key, fen, line, move_number, answers, ord, chapters, content_digest, due, state)
        select ${userId}, ${color}, v.key, v.fen, v.line, v.move_number, v.answers, v.ord, v.chapters, v.digest, ${now.toISOString()}::timestamptz, 0
        from json_to_recordset(${json}::json)
          as v(key text, fen text, line text, move_number int, answers jsonb, ord int, chapters jsonb, digest text)
        on conflict (user_id, color, position_key) do nothing`);
    }
    return true;
  });
}
