// The SQL of the drill's items (drill_items, drill_logs) and of the player's daily New allowance. Every
// statement is keyed by the player: another player's item id names nothing of the caller's.
// The reads that serve the drill are written as statements rather than with the query builder: for
// these small reads, building the query cost about as much CPU as the embedded database's own work.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DrillAnswer, DrillChapterLink } from '@contract/drill.js';
import type { Color } from '../../chess/index.js';
import type { ScheduleColumns, LogColumns } from '../cards/fsrs-columns.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { drillItems, drillLogs, users } from '../db/schema.js';
import type { DrillItemRow } from './drill-item-payload.js';

/** What a drill item's answer carries; the schedule's other columns stay in the database. */
export const ITEM_COLUMNS = sql.raw(
  'id, color, position_key, fen, line, move_number, answers, chapters, state, due, reps, lapses, changed_at, retired_at',
);

export interface RawItem {
  id: number;
  color: Color;
  position_key: string;
  fen: string;
  line: string;
  move_number: number;
  answers: unknown;
  chapters: unknown;
  state: number;
  due: string | Date;
  reps: number;
  lapses: number;
  changed_at: string | Date | null;
  retired_at: string | Date | null;
}

// Both drivers hand timestamps of statements over as text, and JSON parsed (as the query builder maps them).
export const toDate = (value: string | Date): Date => (typeof value === 'string' ? new Date(value) : value);
export const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function toItemRow(raw: RawItem): DrillItemRow {
  return {
    id: raw.id,
    color: raw.color,
    positionKey: raw.position_key,
    fen: raw.fen,
    line: raw.line,
    moveNumber: raw.move_number,
    answers: fromJson<DrillAnswer[]>(raw.answers),
    chapters: fromJson<DrillChapterLink[]>(raw.chapters),
    state: raw.state,
    due: toDate(raw.due),
    reps: raw.reps,
    lapses: raw.lapses,
    changedAt: raw.changed_at === null ? null : toDate(raw.changed_at),
    retiredAt: raw.retired_at === null ? null : toDate(raw.retired_at),
  };
}

const itemRows = (result: unknown): DrillItemRow[] => rowsOf<RawItem>(result).map(toItemRow);

/** Keys as one parameter (a position key holds no newline): one parameter whatever their number. */
export const keyList = (keys: readonly string[]) => sql`string_to_array(${keys.join('\n')}, E'\\n')`;

/**
 * Items that can fall due: reviewed, changed or focused ones (even New). Written as in the partial
 * index drill_items_due_idx (literal 0, no parameter), so the planner can always use that index.
 */
export const CAN_FALL_DUE = sql.raw('(state <> 0 or changed_at is not null)');

/**
 * The colour's items at these positions, in no particular order; retired ones too unless `activeOnly`.
 * With `versions`, each row's version (KeptRows) is written there by id.
 */
export async function readItemsByKeys(
  db: Db,
  userId: number,
  color: Color,
  keys: readonly string[],
  activeOnly: boolean,
  versions?: Map<number, string>,
): Promise<DrillItemRow[]> {
  if (keys.length === 0) return [];
  const rows = rowsOf<RawItem & { version: string }>(
    await db.execute(sql`
      select ${ITEM_COLUMNS}, xmin::text as version from drill_items
      where user_id = ${userId} and color = ${color} and position_key = any(${keyList(keys)})
        ${activeOnly ? sql`and retired_at is null` : sql``}`),
  );
  if (versions) for (const row of rows) versions.set(row.id, row.version);
  return rows.map(toItemRow);
}

/** A New item chosen to serve: its position, and its row when it has one (served before, never answered). */
export interface ChosenNew {
  key: string;
  row?: DrillItemRow;
}

/**
 * Rows a caller holds from an earlier read, by id, with the version they were read at (xmin: every write
 * of a row makes a new one). A read given them answers a row still at that version by its id alone.
 */
export type KeptRows = ReadonlyMap<number, { version: string; row: DrillItemRow }>;

/** The kept rows as one parameter: ',id:version,...,' ('' for none). */
export const keptList = (kept: KeptRows | undefined): string =>
  kept && kept.size > 0 ? `,${[...kept].map(([id, { version }]) => `${id}:${version}`).join(',')},` : '';

/** Whether the row `d` (with its `version`) is one of `known` (keptList) at that version. */
export const isKnownSql = (known: string) => sql`strpos(${known}, ',' || d.id || ':' || d.version || ',') > 0`;

/** A row as a statement answers it given kept rows: whole, or (kept at that version) by its id. */
export interface RawVersioned {
  id: number;
  version: string;
  row: RawItem | null;
}

export const toVersioned = (raw: RawVersioned, kept: KeptRows | undefined): DrillItemRow =>
  raw.row === null ? kept!.get(raw.id)!.row : toItemRow(fromJson<RawItem>(raw.row));

/** What the chooser's statement gives for each position: its key, and its row (id null without one). */
export type RawChosen = { key: string } & ({ id: null; version: null; row: null } | RawVersioned);

export const toChosen = (raw: RawChosen, kept?: KeptRows): ChosenNew =>
  raw.id === null ? { key: raw.key } : { key: raw.key, row: toVersioned(raw, kept) };

/**
 * The first `room` of these positions (in the order given) that are still New: no row, or a row served
 * but never answered (not changed, not retired). Answered rows are skipped in the database, not read;
 * each position is looked up by the index (a lateral subquery with a limit, which the planner keeps
 * as one lookup per position), not by reading all of the player's rows. Rows in `known` (keptList)
 * at their version come back by id alone.
 */
export const chooseNewSql = (
  userId: number,
  color: Color,
  keys: readonly string[],
  room: SQL | number,
  known = '',
) => sql`
  select k.n, k.key, d.id, d.version, case when d.id is null or ${isKnownSql(known)} then null else to_json(d) end as row
  from unnest(${keyList(keys)}) with ordinality as k(key, n)
  left join lateral (
    select ${ITEM_COLUMNS}, xmin::text as version from drill_items
    where user_id = ${userId} and color = ${color} and position_key = k.key
    limit 1) d on true
  where d.id is null or (d.state = 0 and d.changed_at is null and d.retired_at is null)
  order by k.n limit ${room}`;

export async function chooseNewItems(
  db: Db,
  userId: number,
  color: Color,
  keys: readonly string[],
  room: number,
): Promise<ChosenNew[]> {
  if (keys.length === 0 || room <= 0) return [];
  return rowsOf<RawChosen>(await db.execute(chooseNewSql(userId, color, keys, room))).map((raw) => toChosen(raw));
}

/** Makes the active item at the position due now (and marked); undefined when there is none. */
export async function focusItem(
  db: Db,
  userId: number,
  color: Color,
  key: string,
  now: Date,
): Promise<DrillItemRow | undefined> {
  const at = now.toISOString();
  const [row] = itemRows(
    await db.execute(sql`
      update drill_items set due = ${at}::timestamptz, changed_at = ${at}::timestamptz
      where user_id = ${userId} and color = ${color} and position_key = ${key} and retired_at is null
      returning ${ITEM_COLUMNS}`),
  );
  return row;
}

/** New items stored as they are served: the values of their rows, keyed by position. */
export interface NewItemValues {
  key: string;
  fen: string;
  line: string;
  move_number: number;
  answers: DrillAnswer[];
  ord: number;
  chapters: DrillChapterLink[];
  digest: string;
}

/** Stores New items (due now); those already stored are left as they are. */
export async function insertNewItems(
  db: Db,
  userId: number,
  color: Color,
  items: readonly NewItemValues[],
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into drill_items (user_id, color, position_key, fen, line, move_number, answers, ord, chapters, content_digest, due, state)
    select ${userId}, ${color}, v.key, v.fen, v.line, v.move_number, v.answers, v.ord, v.chapters, v.digest, ${now.toISOString()}::timestamptz, 0
    from json_to_recordset(${JSON.stringify(items)}::json)
      as v(key text, fen text, line text, move_number int, answers jsonb, ord int, chapters jsonb, digest text)
    on conflict (user_id, color, position_key) do nothing`);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An active item with its schedule, locked until the transaction ends; undefined when there is none. */
export async function lockActiveItem(
  tx: Tx,
  userId: number,
  id: number,
): Promise<(ScheduleColumns & { id: number; fen: string; answers: DrillAnswer[] }) | undefined> {
  const [row] = await tx
    .select()
    .from(drillItems)
    .where(and(eq(drillItems.userId, userId), eq(drillItems.id, id)))
    .for('update');
  if (!row || row.retiredAt !== null) return undefined;
  return { ...row, answers: row.answers as DrillAnswer[] };
}

/** Stores an answered item's schedule (no longer marked changed) and the answer's log row. */
export async function saveAnswer(
  tx: Tx,
  userId: number,
  id: number,
  schedule: ScheduleColumns,
  log: { uci: string; correct: boolean } & LogColumns,
): Promise<DrillItemRow> {
  const at = schedule.due.toISOString();
  const last = schedule.lastReview?.toISOString() ?? null;
  const [row] = itemRows(
    await tx.execute(sql`
      update drill_items set due = ${at}::timestamptz, stability = ${schedule.stability},
        difficulty = ${schedule.difficulty}, elapsed_days = ${schedule.elapsedDays},
        scheduled_days = ${schedule.scheduledDays}, reps = ${schedule.reps}, lapses = ${schedule.lapses},
        state = ${schedule.state}, last_review = ${last}::timestamptz, changed_at = null
      where id = ${id} and user_id = ${userId}
      returning ${ITEM_COLUMNS}`),
  );
  const { uci, correct, ...columns } = log;
  await tx.insert(drillLogs).values({ userId, itemId: id, uci, correct: correct ? 1 : 0, ...columns });
  return row;
}

/** The player's daily allowance of New items (both colours). */
export async function readNewPerDay(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: users.drillNewPerDay }).from(users).where(eq(users.id, userId));
  return row?.n ?? 20;
}

export async function writeNewPerDay(db: Db, userId: number, newPerDay: number): Promise<void> {
  await db.update(users).set({ drillNewPerDay: newPerDay }).where(eq(users.id, userId));
}

/** The colour's items counted by state; `fresh` are New items never answered nor changed. */
export async function countItems(db: Db, userId: number, color: Color, now: Date) {
  const [row] = rowsOf<{
    total: number;
    new: number;
    learning: number;
    review: number;
    due_now: number;
    retired: number;
    fresh: number;
    next_due: string | Date | null;
  }>(
    await db.execute(sql`
      select
        count(*) filter (where retired_at is null)::int as total,
        count(*) filter (where retired_at is null and state = 0)::int as new,
        count(*) filter (where retired_at is null and state in (1, 3))::int as learning,
        count(*) filter (where retired_at is null and state = 2)::int as review,
        count(*) filter (where retired_at is null and due <= ${now.toISOString()}::timestamptz and ${CAN_FALL_DUE})::int as due_now,
        count(*) filter (where retired_at is not null)::int as retired,
        count(*) filter (where retired_at is null and state = 0 and changed_at is null)::int as fresh,
        min(due) filter (where retired_at is null and due > ${now.toISOString()}::timestamptz and ${CAN_FALL_DUE} and state <> 0) as next_due
      from drill_items where user_id = ${userId} and color = ${color}`),
  );
  const { next_due, ...counts } = row;
  return { ...counts, nextDue: next_due === null ? null : toDate(next_due) };
}
