import { and, asc, eq, gt, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DrillStats } from '@contract/drill.js';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { drillItems, drillLogs, studies, users } from '../db/schema.js';
import { freshItems } from './drill-new-items.js';
import type { DrillItemRow } from './drill-item-payload.js';

/**
 * What the drill serves and counts: due items first (oldest due first), then New items in repertoire
 * order up to what is left of the day's allowance. A changed item (or one the player asked to drill)
 * is due now even while New. Days are the player's (their time zone's midnight), UTC days without one. New items without a row yet (see drill-new-items)
 * are counted from the synced deck's size.
 */

export const startOfUtcDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

const active = (userId: number, color: Color) =>
  and(eq(drillItems.userId, userId), eq(drillItems.color, color), isNull(drillItems.retiredAt));

/**
 * Items that can fall due: reviewed, changed or focused ones (even New). Written as in the partial
 * index drill_items_due_idx (literal 0, no parameter), so the planner can always use that index.
 */
const canFallDue = sql`(${drillItems.state} <> 0 or ${drillItems.changedAt} is not null)`;

/** Due now: reviewed items whose time has come, and changed or focused items. */
const dueNow = (now: Date) => and(lte(drillItems.due, now), canFallDue);

export async function newPerDay(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: users.drillNewPerDay }).from(users).where(eq(users.id, userId));
  return row?.n ?? 20;
}

/** New items answered today (first answers of New items), over both colours; today starts at `dayStart` (the player's midnight). */
export async function newAnsweredToday(
  db: Db,
  userId: number,
  now: Date,
  dayStart: Date = startOfUtcDay(now),
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${drillLogs.itemId})::int` })
    .from(drillLogs)
    .where(and(eq(drillLogs.userId, userId), eq(drillLogs.state, 0), gte(drillLogs.review, dayStart)));
  return row?.n ?? 0;
}

/** What is left of the day's allowance of New items (both colours), in one query. */
export async function newLeftToday(
  db: Db,
  userId: number,
  now: Date,
  dayStart: Date = startOfUtcDay(now),
): Promise<number> {
  const [row] = await db
    .select({
      perDay: users.drillNewPerDay,
      answered: sql<number>`(select count(distinct ${drillLogs.itemId})::int from ${drillLogs}
        where ${drillLogs.userId} = ${userId} and ${drillLogs.state} = 0 and ${drillLogs.review} >= ${dayStart.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return Math.max(0, (row?.perDay ?? 20) - (row?.answered ?? 0));
}

export async function nextItems(
  app: FastifyInstance,
  userId: number,
  color: Color,
  limit: number,
  now: Date,
  dayStart?: Date,
): Promise<DrillItemRow[]> {
  const db = app.db;
  const due = await db
    .select()
    .from(drillItems)
    .where(and(active(userId, color), dueNow(now)))
    .orderBy(asc(drillItems.due), asc(drillItems.ord))
    .limit(limit);
  const room = Math.min(limit - due.length, await newLeftToday(db, userId, now, dayStart));
  if (room <= 0) return due;
  return [...due, ...(await freshItems(app, userId, color, room))];
}

/** Items of the colour's deck as last synced; null when it was never synced (or its study was removed). */
async function syncedDeckSize(db: Db, userId: number, color: Color): Promise<number | null> {
  const [study] = await db
    .select({ synced: studies.drillSynced })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  const size = study?.synced ? Number(study.synced.slice(study.synced.lastIndexOf(':') + 1)) : NaN;
  return Number.isInteger(size) ? size : null;
}

export async function drillStats(
  db: Db,
  userId: number,
  color: Color,
  now: Date,
  dayStart?: Date,
): Promise<DrillStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${drillItems.retiredAt} is null)::int`,
      new: sql<number>`count(*) filter (where ${drillItems.retiredAt} is null and ${drillItems.state} = 0)::int`,
      learning: sql<number>`count(*) filter (where ${drillItems.retiredAt} is null and ${drillItems.state} in (1, 3))::int`,
      review: sql<number>`count(*) filter (where ${drillItems.retiredAt} is null and ${drillItems.state} = 2)::int`,
      due_now: sql<number>`count(*) filter (where ${drillItems.retiredAt} is null and ${drillItems.due} <= ${now.toISOString()}::timestamptz and (${drillItems.state} <> 0 or ${drillItems.changedAt} is not null))::int`,
      retired: sql<number>`count(*) filter (where ${drillItems.retiredAt} is not null)::int`,
      fresh: sql<number>`count(*) filter (where ${drillItems.retiredAt} is null and ${drillItems.state} = 0 and ${drillItems.changedAt} is null)::int`,
    })
    .from(drillItems)
    .where(and(eq(drillItems.userId, userId), eq(drillItems.color, color)));
  // Active rows are all in the synced deck; the rest of it is New without a row.
  const unstored = Math.max(0, ((await syncedDeckSize(db, userId, color)) ?? 0) - row.total);
  const perDay = await newPerDay(db, userId);
  const today = await newAnsweredToday(db, userId, now, dayStart);
  const [next] = await db
    .select({ due: drillItems.due })
    .from(drillItems)
    .where(and(active(userId, color), gt(drillItems.due, now), canFallDue, ne(drillItems.state, 0)))
    .orderBy(asc(drillItems.due))
    .limit(1);
  const { fresh, ...counts } = row;
  return {
    ...counts,
    total: counts.total + unstored,
    new: counts.new + unstored,
    new_today: today,
    new_per_day: perDay,
    new_left: Math.min(fresh + unstored, Math.max(0, perDay - today)),
    next_due: next ? next.due.toISOString() : null,
  };
}
