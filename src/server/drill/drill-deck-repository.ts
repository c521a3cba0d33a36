// The SQL of a colour's drill deck as a whole: the study it is read from and the marks a sync leaves
// with it (studies.drill_synced, studies.drill_deck_keys), and the writes of a sync.
import { and, eq, sql } from 'drizzle-orm';
import type { DrillAnswer } from '@contract/drill.js';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { drillItems, studies } from '../db/schema.js';

/** The colour's stored study as the drill reads it; undefined when the colour has no row. */
export async function readStudyRow(db: Db, userId: number, color: Color) {
  const [study] = await db
    .select({
      text: studies.studyText,
      exclude: studies.excludeMoveIndicators,
      link: studies.link,
      title: studies.title,
      synced: studies.drillSynced,
      version: studies.textVersion,
    })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  return study;
}

/** studies.drill_synced of the colour: '<digest>:<items>' of the last sync, or null. */
export async function readSyncedMark(db: Db, userId: number, color: Color): Promise<string | null> {
  const [study] = await db
    .select({ synced: studies.drillSynced })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  return study?.synced ?? null;
}

/** Every stored item of the colour as a sync compares it (the texts stay: their digest stands for them). */
export async function readItemsToSync(db: Db, userId: number, color: Color) {
  const rows = await db
    .select({
      id: drillItems.id,
      key: drillItems.positionKey,
      answers: drillItems.answers,
      ord: drillItems.ord,
      digest: drillItems.contentDigest,
      retiredAt: drillItems.retiredAt,
    })
    .from(drillItems)
    .where(and(eq(drillItems.userId, userId), eq(drillItems.color, color)));
  return rows.map((row) => ({ ...row, answers: row.answers as DrillAnswer[] }));
}

/** The deck's packed keys as last synced (studies.drill_deck_keys). */
export async function readDeckKeys(db: Db, userId: number, color: Color): Promise<string | null> {
  const [previous] = await db
    .select({ keys: studies.drillDeckKeys })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  return previous?.keys ?? null;
}

/** A stored item rewritten by a sync: its new texts, and whether it is changed (due now) or back from retirement. */
export interface SyncedItemUpdate {
  id: number;
  changed: boolean;
  unretire: boolean;
  fen: string;
  line: string;
  move_number: number;
  answers: DrillAnswer[];
  ord: number;
  chapters: unknown[];
  digest: string;
}

/** Rewrites stored items in one statement; changed ones are marked and due at `at`. */
export async function updateSyncedItems(
  db: Db,
  userId: number,
  updates: readonly SyncedItemUpdate[],
  at: Date,
): Promise<void> {
  const when = at.toISOString();
  await db.execute(sql`
    update drill_items as d set
      fen = v.fen, line = v.line, move_number = v.move_number, answers = v.answers, ord = v.ord, chapters = v.chapters,
      content_digest = v.digest,
      changed_at = case when v.changed then ${when}::timestamptz else d.changed_at end,
      due = case when v.changed then ${when}::timestamptz else d.due end,
      retired_at = case when v.unretire then null else d.retired_at end
    from json_to_recordset(${JSON.stringify(updates)}::json)
      as v(id int, changed boolean, unretire boolean, fen text, line text, move_number int, answers jsonb, ord int, chapters jsonb, digest text)
    where d.id = v.id and d.user_id = ${userId}`);
}

/** Retires the player's items of these ids (kept with their history). */
export async function retireItems(db: Db, userId: number, ids: readonly number[], at: Date): Promise<void> {
  await db.execute(sql`
    update drill_items set retired_at = ${at.toISOString()}::timestamptz
    where user_id = ${userId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`);
}

/**
 * Keeps the deck's packed keys with the study, and the sync mark only when the study is still the
 * text just synced (storing another one at the same time syncs again).
 */
export async function writeSyncMark(
  db: Db,
  userId: number,
  color: Color,
  mark: { keys: string; studyText: string; synced: string },
): Promise<void> {
  await db
    .update(studies)
    .set({
      drillDeckKeys: mark.keys,
      drillSynced: sql`case when ${studies.studyText} = ${mark.studyText} then ${mark.synced} else ${studies.drillSynced} end`,
    })
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
}

/** Retires every active item of the colour and forgets its sync; the number retired. */
export async function retireColor(db: Db, userId: number, color: Color, at: Date): Promise<number> {
  const rows = await db
    .update(drillItems)
    .set({ retiredAt: at })
    .where(and(eq(drillItems.userId, userId), eq(drillItems.color, color), sql`${drillItems.retiredAt} is null`))
    .returning({ id: drillItems.id });
  await db
    .update(studies)
    .set({ drillSynced: null, drillDeckKeys: '' })
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  return rows.length;
}

/** Holds the player's deck for this PostgreSQL transaction (one deck writer at a time). */
export async function lockDrillDeck(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${7_014_000_000 + userId})`);
}
