// The reads a drill call starts with, in one statement each: the colour's head (its study's version
// and sync mark, its edits, the day's New allowance left), its due items, and the items at the
// positions the caller expects to serve next. On the embedded database every statement has a fixed
// cost of its own, and the drill's calls are the app's most frequent.
import { sql } from 'drizzle-orm';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { DEFAULT_PER_DAY, newDayColumns, toDayHead, type DayHead, type RawNewDay } from './drill-new-day.js';
import {
  CAN_FALL_DUE,
  chooseNewSql,
  fromJson,
  ITEM_COLUMNS,
  toChosen,
  toItemRow,
  type ChosenNew,
  type RawChosen,
  type RawItem,
} from './drill-items-repository.js';

/** What the drill's calls read of a colour first. */
export interface DrillHead {
  /** The study's row: its text version and the last sync's mark; undefined without a row. */
  study?: { version: number; synced: string | null };
  /** The colour's edits as editsSignature writes them. */
  edits: string;
  /**
   * What is left of the day's allowance of New items (both colours); 0 unless a day was given. The
   * colour's share of it may be less (drill-new-day.ts: colourNewLeft).
   */
  newLeft: number;
  /** The day as read, when a day was given: the allowance, New items answered today, the decks' sizes. */
  day?: DayHead;
  /** Speeds and ratings of the colour's latest coverage check, when asked for; none before the first. */
  coverage?: { speeds: string; ratings: string };
}

interface RawHead extends RawNewDay {
  version: string | null;
  synced: string | null;
  edits: string;
  speeds: string | null;
  ratings: string | null;
}

/** What the head reads besides the study and its edits. */
interface HeadOptions {
  /** Today began at this instant (the player's midnight): with the New items left of the day. */
  dayStart?: Date;
  /** With the latest coverage check's filter. */
  coverage?: boolean;
}

const headSelect = (userId: number, color: Color, { dayStart, coverage = false }: HeadOptions) => sql`
  select u.drill_new_per_day as per_day,
    ${dayStart ? newDayColumns(userId, dayStart) : sql`0 as answered, null::json as decks`},
    s.text_version::text as version, s.drill_synced as synced,
    (select count(*)::int || ':' || coalesce(max(id), 0)::int || ':' || coalesce(sum(id), 0)::text
      from repertoire_edits where user_id = ${userId} and color = ${color}) as edits,
    ${coverage ? sql`r.speeds, r.ratings` : sql`null::text as speeds, null::text as ratings`}
  from users u
  left join studies s on s.user_id = u.id and s.color = ${color}
  ${
    coverage
      ? sql`left join lateral (select speeds, ratings from coverage_runs
          where user_id = u.id and color = ${color} order by started_at desc limit 1) r on true`
      : sql``
  }
  where u.id = ${userId}`;

function toHead(row: RawHead | undefined, withDay: boolean): DrillHead {
  if (!row) return { edits: '0:0:0', newLeft: withDay ? DEFAULT_PER_DAY : 0 };
  const day = withDay ? toDayHead(row) : undefined;
  return {
    study: row.version === null ? undefined : { version: Number(row.version), synced: row.synced },
    edits: row.edits,
    newLeft: day ? Math.max(0, day.perDay - day.answered) : 0,
    day,
    coverage: row.speeds === null || row.ratings === null ? undefined : { speeds: row.speeds, ratings: row.ratings },
  };
}

/**
 * The study's version and sync mark and the colour's edits; with `dayStart`, the New items left of the
 * day that began then; with `coverage`, the latest coverage check's filter.
 */
export async function readDrillHead(
  db: Db,
  userId: number,
  color: Color,
  options: HeadOptions = {},
): Promise<DrillHead> {
  const [row] = rowsOf<RawHead>(await db.execute(headSelect(userId, color, options)));
  return toHead(row, options.dayStart !== undefined);
}

export interface DrillQueueQuery {
  now: Date;
  /** Today began at this instant (the player's midnight). */
  dayStart: Date;
  /** Due items read at most. */
  limit: number;
  /** The first positions of the deck the caller expects: New items are chosen among them. */
  keys: readonly string[];
  /** With the latest coverage check's filter. */
  coverage?: boolean;
}

interface RawQueue extends RawHead {
  room: number;
  due: unknown;
  chosen: unknown;
}

/**
 * What a drill call starts with: the head, the due items oldest first (whole, or their keys), and
 * when New items will be wanted (`room`: due fewer than the limit, allowance left), the New ones
 * chosen among the first of `keys` (chooseNewItems).
 */
export interface DrillQueue<Due> {
  head: DrillHead;
  due: Due[];
  /**
   * New items chosen at most: the limit less the due items, at most the day's allowance left (both
   * colours). The colour's share (head.newLeft) may be smaller: the caller takes the first of them.
   */
  room: number;
  chosen?: ChosenNew[];
}

async function readQueue(
  db: Db,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
  dueKeysOnly: boolean,
): Promise<DrillQueue<unknown>> {
  const { now, dayStart, limit, keys } = query;
  const [row] = rowsOf<RawQueue>(
    await db.execute(sql`
      with head as (${headSelect(userId, color, { dayStart, coverage: query.coverage })}),
      due_items as (
        select ${dueKeysOnly ? sql.raw('id, position_key, due') : ITEM_COLUMNS}, ord from drill_items
        where user_id = ${userId} and color = ${color} and retired_at is null
          and due <= ${now.toISOString()}::timestamptz and ${CAN_FALL_DUE}
        order by due, ord, id limit ${limit}),
      room as (
        select least(${limit} - (select count(*)::int from due_items), coalesce(per_day, ${DEFAULT_PER_DAY}) - coalesce(answered, 0)) as n
        from head)
      select head.*, (select n from room) as room,
        (select coalesce(json_agg(${dueKeysOnly ? sql`d.position_key` : sql`d`} order by d.due, d.ord, d.id), '[]')
          from due_items d) as due,
        case when ${keys.length} > 0 and (select n from room) > 0 then
          (select coalesce(json_agg(c order by c.n), '[]')
            from (${chooseNewSql(userId, color, keys, sql`(select n from room)`)}) c)
        end as chosen
      from head`),
  );
  const head = toHead(row, true);
  if (!row) return { head, due: [], room: Math.min(limit, head.newLeft) };
  const chosen = row.chosen === null ? undefined : fromJson<RawChosen[]>(row.chosen).map(toChosen);
  return { head, due: fromJson<unknown[]>(row.due), room: row.room, chosen };
}

/** The head, the due items (oldest due first), and the New items chosen among the first of `keys`. */
export async function readNextQueue(
  db: Db,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
): Promise<DrillQueue<DrillItemRow>> {
  const read = await readQueue(db, userId, color, query, false);
  return { ...read, due: (read.due as RawItem[]).map(toItemRow) };
}

/** As readNextQueue, with only the keys of the due items (line mode answers one of them whole). */
export async function readLineQueue(
  db: Db,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
): Promise<DrillQueue<string>> {
  const read = await readQueue(db, userId, color, query, true);
  return { ...read, due: read.due as string[] };
}

/** The position keys of the due items, oldest due first (line mode asks them; only one is answered whole). */
export async function readDueKeys(db: Db, userId: number, color: Color, now: Date, limit: number): Promise<string[]> {
  const rows = rowsOf<{ position_key: string }>(
    await db.execute(sql`
      select position_key from drill_items
      where user_id = ${userId} and color = ${color} and retired_at is null
        and due <= ${now.toISOString()}::timestamptz and ${CAN_FALL_DUE}
      order by due, ord, id limit ${limit}`),
  );
  return rows.map((row) => row.position_key);
}
