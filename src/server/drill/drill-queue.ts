import type { FastifyInstance } from 'fastify';
import type { DrillStats } from '@contract/drill.js';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { readSyncedMark } from './drill-deck-repository.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { countItems, readNewAnsweredSince, readNewPerDay } from './drill-items-repository.js';
import { freshItems, leadingKeys } from './drill-new-items.js';
import { readNextQueue } from './drill-queue-repository.js';
import { expectedDeck } from './drill-source.js';
import { stillSynced, syncedDeck } from './drill-sync.js';

/**
 * What the drill serves and counts: due items first (oldest due first), then New items in repertoire
 * order up to what is left of the day's allowance. A changed item (or one the player asked to drill)
 * is due now even while New. Days are the player's (their time zone's midnight), UTC days without one.
 * New items without a row yet (see drill-new-items) are counted from the synced deck's size.
 */

export const startOfUtcDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The next items: due ones, then New ones up to `limit` and the day's allowance (today began at `dayStart`). */
export async function nextItems(
  app: FastifyInstance,
  userId: number,
  color: Color,
  limit: number,
  now: Date,
  dayStart: Date = startOfUtcDay(now),
): Promise<DrillItemRow[]> {
  // One statement reads the due items, the head, and chooses New items among the first of the deck
  // last served; the head tells whether that deck is still the study's with its edits.
  const expected = await expectedDeck(app, userId, color);
  const keys = expected ? leadingKeys(expected.source.deck, limit) : [];
  let read = await readNextQueue(app.db, userId, color, { now, dayStart, limit, keys });
  const kept = stillSynced(read.head, expected);
  let source = kept;
  if (!source) {
    // Behind the study or an edit just answered: synced first and read again, so a position an edit
    // removed is never served and one it added is.
    source = await syncedDeck(app, userId, color, read.head);
    if (!source) return read.due;
    read = await readNextQueue(app.db, userId, color, { now, dayStart, limit, keys: [] });
  }
  const { head, due } = read;
  const room = Math.min(limit - due.length, head.newLeft);
  if (room <= 0) return due;
  const leading = kept && read.chosen && read.room === room ? { count: keys.length, chosen: read.chosen } : undefined;
  return [...due, ...(await freshItems(app, userId, color, room, source, leading))];
}

/** Items of the colour's deck as last synced; null when it was never synced (or its study was removed). */
async function syncedDeckSize(db: Db, userId: number, color: Color): Promise<number | null> {
  const synced = await readSyncedMark(db, userId, color);
  const size = synced ? Number(synced.slice(synced.lastIndexOf(':') + 1)) : NaN;
  return Number.isInteger(size) ? size : null;
}

export async function drillStats(
  db: Db,
  userId: number,
  color: Color,
  now: Date,
  dayStart: Date = startOfUtcDay(now),
): Promise<DrillStats> {
  const { fresh, nextDue, ...counts } = await countItems(db, userId, color, now);
  // Active rows are all in the synced deck; the rest of it is New without a row.
  const unstored = Math.max(0, ((await syncedDeckSize(db, userId, color)) ?? 0) - counts.total);
  const perDay = await readNewPerDay(db, userId);
  const today = await readNewAnsweredSince(db, userId, dayStart);
  return {
    ...counts,
    total: counts.total + unstored,
    new: counts.new + unstored,
    new_today: today,
    new_per_day: perDay,
    new_left: Math.min(fresh + unstored, Math.max(0, perDay - today)),
    next_due: nextDue ? nextDue.toISOString() : null,
  };
}
