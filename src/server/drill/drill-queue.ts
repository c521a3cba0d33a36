import type { FastifyInstance } from 'fastify';
import type { DrillStats } from '@contract/drill.js';
import { newLeftToday, newShareOfDay, type Color, type Repertoire } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { countItems } from './drill-items-repository.js';
import { colourNewLeft, readNewDay, type DayHead } from './drill-new-day.js';
import { freshItems, leadingKeys } from './drill-new-items.js';
import { readDrillHead, readNextQueue, type DrillHead } from './drill-queue-repository.js';
import { expectedDeck } from './drill-source.js';
import { stillSynced, syncedDeck } from './drill-sync.js';

/**
 * What the drill serves and counts: due items first (oldest due first), then New items in repertoire
 * order up to what is left of the colour's share of the day's allowance (both colours share one, in
 * proportion to the positions each has left to learn: src/chess/drill-new-share.ts). A changed item
 * (or one the player asked to drill) is due now even while New. Days are the player's (their time
 * zone's midnight), UTC days without one. New items without a row yet (see drill-new-items) are
 * counted from the synced deck's size.
 */

export const startOfUtcDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** What drill next serves, with the head the call read (its coverage run names the traps). */
export interface NextItems {
  rows: DrillItemRow[];
  head: DrillHead;
  /** The repertoire of the deck served from, when the colour has one. */
  rep?: Repertoire;
}

/** The next items: due ones, then New ones up to `limit` and the colour's share of the day (today began at `dayStart`). */
export async function nextItems(
  app: FastifyInstance,
  userId: number,
  color: Color,
  limit: number,
  now: Date,
  dayStart: Date = startOfUtcDay(now),
): Promise<NextItems> {
  // One statement reads the due items, the head, and chooses New items among the first of the deck
  // last served; the head tells whether that deck is still the study's with its edits. Rows served
  // last time and unchanged since are not read again.
  const served = `${userId}:${color}`;
  const expected = await expectedDeck(app, userId, color);
  const keys = expected ? leadingKeys(expected.source.deck, limit) : [];
  const query = { now, dayStart, limit, keys, kept: app.drillMemory.servedRows.get(served) };
  let read = await readNextQueue(app.statements, userId, color, query);
  const kept = stillSynced(read.head, expected);
  let source = kept;
  // Versions of the New rows stored by this call, read back whole.
  const stored = new Map<number, string>();
  const answer = (rows: DrillItemRow[]): NextItems => {
    const versioned = rows.flatMap((row) => {
      const version = read.versions.get(row.id) ?? stored.get(row.id);
      return version === undefined ? [] : [[row.id, { version, row }] as const];
    });
    if (versioned.length > 0) app.drillMemory.servedRows.set(served, new Map(versioned));
    else app.drillMemory.servedRows.delete(served);
    return { rows, head: read.head, rep: source?.rep };
  };
  if (!source) {
    // Behind the study or an edit just answered: synced first and read again, so a position an edit
    // removed is never served and one it added is.
    source = await syncedDeck(app, userId, color, read.head);
    if (!source) return answer(read.due);
    read = await readNextQueue(app.statements, userId, color, { ...query, keys: [] });
  }
  const { head, due } = read;
  if (limit - due.length <= 0 || !head.day) return answer(due);
  // The colour's share of the day: a second statement only when both colours have a deck.
  const room = Math.min(limit - due.length, await colourNewLeft(app.db, userId, color, dayStart, head.day));
  if (room <= 0) return answer(due);
  // The statement chose up to the day's allowance; the colour's share may take fewer of them.
  const leading = kept && read.chosen && read.room >= room ? { count: keys.length, chosen: read.chosen } : undefined;
  return answer([...due, ...(await freshItems(app, userId, color, room, source, leading, stored))]);
}

/** A day without a player row (never the case for a signed-in player). */
const NO_DAY: DayHead = { perDay: 0, answered: 0, decks: { white: 0, black: 0 } };

export async function drillStats(
  db: Db,
  userId: number,
  color: Color,
  now: Date,
  dayStart: Date = startOfUtcDay(now),
): Promise<DrillStats> {
  const { fresh, nextDue, ...counts } = await countItems(db, userId, color, now);
  const { day = NO_DAY } = await readDrillHead(db, userId, color, { dayStart });
  // Active rows are all in the synced deck; the rest of it is New without a row.
  const unstored = Math.max(0, day.decks[color] - counts.total);
  const newDay = await readNewDay(db, userId, dayStart, day);
  return {
    ...counts,
    total: counts.total + unstored,
    new: counts.new + unstored,
    new_today: day.answered,
    new_per_day: day.perDay,
    new_share: newShareOfDay(newDay)[color],
    new_left: Math.min(fresh + unstored, newLeftToday(color, newDay)),
    next_due: nextDue ? nextDue.toISOString() : null,
  };
}
