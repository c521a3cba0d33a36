// The reads a drill call starts with, in one statement each: the colour's head (its study's version
// and sync mark, its edits, the day's New allowance left), its due items, and the items at the
// positions the caller expects to serve next. On the embedded database every statement has a fixed
// cost of its own, and the drill's calls are the app's most frequent.
import { sql } from 'drizzle-orm';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import type { DrillItemRow } from './drill-item-payload.js';
import {
  answeredNewSince,
  CAN_FALL_DUE,
  fromJson,
  ITEM_COLUMNS,
  keyList,
  toItemRow,
  type RawItem,
} from './drill-items-repository.js';

/** What the drill's calls read of a colour first. */
export interface DrillHead {
  /** The study's row: its text version and the last sync's mark; undefined without a row. */
  study?: { version: number; synced: string | null };
  /** The colour's edits as editsSignature writes them. */
  edits: string;
  /** What is left of the day's allowance of New items (both colours); 0 unless a day was given. */
  newLeft: number;
  /** Speeds and ratings of the colour's latest coverage check, when asked for; none before the first. */
  coverage?: { speeds: string; ratings: string };
}

interface RawHead {
  per_day: number | null;
  answered: number | null;
  version: string | null;
  synced: string | null;
  edits: string;
  speeds: string | null;
  ratings: string | null;
}

/** The head's columns; `dayStart` and `coverage` add the allowance and the coverage filter. */
const headSelect = (userId: number, color: Color, dayStart: Date | undefined, coverage: boolean) => sql`
  select u.drill_new_per_day as per_day, ${dayStart ? answeredNewSince(userId, dayStart) : sql`0`} as answered,
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
  if (!row) return { edits: '0:0:0', newLeft: withDay ? 20 : 0 };
  return {
    study: row.version === null ? undefined : { version: Number(row.version), synced: row.synced },
    edits: row.edits,
    newLeft: withDay ? Math.max(0, (row.per_day ?? 20) - (row.answered ?? 0)) : 0,
    coverage: row.speeds === null || row.ratings === null ? undefined : { speeds: row.speeds, ratings: row.ratings },
  };
}

/**
 * The study's version and sync mark and the colour's edits; with `dayStart`, the New items left of
 * the day that began then; with `coverage`, the latest coverage check's filter.
 */
export async function readDrillHead(
  db: Db,
  userId: number,
  color: Color,
  { dayStart, coverage = false }: { dayStart?: Date; coverage?: boolean } = {},
): Promise<DrillHead> {
  const [row] = rowsOf<RawHead>(await db.execute(headSelect(userId, color, dayStart, coverage)));
  return toHead(row, dayStart !== undefined);
}

export interface DrillQueueQuery {
  now: Date;
  /** Today began at this instant (the player's midnight). */
  dayStart: Date;
  /** Due items read at most. */
  limit: number;
  /** Positions whose items are read too, when New items will be wanted (due fewer than `limit`, some allowance left). */
  keys: readonly string[];
  /** With the latest coverage check's filter. */
  coverage?: boolean;
}

interface RawQueue extends RawHead {
  due: unknown;
  at_keys: unknown;
}

/** The due items (whole, or their keys) oldest due first, and the items at `keys` (retired ones too) when wanted. */
async function readQueue(
  db: Db,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
  dueKeysOnly: boolean,
): Promise<{ head: DrillHead; due: unknown[]; atKeys?: DrillItemRow[] }> {
  const { now, dayStart, limit, keys } = query;
  const [row] = rowsOf<RawQueue>(
    await db.execute(sql`
      with head as (${headSelect(userId, color, dayStart, query.coverage ?? false)}),
      due_items as (
        select ${dueKeysOnly ? sql.raw('id, position_key, due') : ITEM_COLUMNS}, ord from drill_items
        where user_id = ${userId} and color = ${color} and retired_at is null
          and due <= ${now.toISOString()}::timestamptz and ${CAN_FALL_DUE}
        order by due, ord, id limit ${limit})
      select head.*,
        (select coalesce(json_agg(${dueKeysOnly ? sql`d.position_key` : sql`d`} order by d.due, d.ord, d.id), '[]')
          from due_items d) as due,
        case when ${keys.length} > 0 and (select count(*) from due_items) < ${limit}
            and coalesce(head.per_day, 20) > coalesce(head.answered, 0) then
          (select coalesce(json_agg(k), '[]') from (
            select ${ITEM_COLUMNS} from drill_items
            where user_id = ${userId} and color = ${color} and position_key = any(${keyList(keys)})) k)
        end as at_keys
      from head`),
  );
  const head = toHead(row, true);
  if (!row) return { head, due: [] };
  const atKeys = row.at_keys === null ? undefined : fromJson<RawItem[]>(row.at_keys).map(toItemRow);
  return { head, due: fromJson<unknown[]>(row.due), atKeys };
}

/**
 * The head, the due items (oldest due first), and the items at `keys` (retired ones too; undefined
 * when they were not wanted: the due items fill the limit, or no allowance is left).
 */
export async function readNextQueue(
  db: Db,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
): Promise<{ head: DrillHead; due: DrillItemRow[]; atKeys?: DrillItemRow[] }> {
  const { head, due, atKeys } = await readQueue(db, userId, color, query, false);
  return { head, due: (due as RawItem[]).map(toItemRow), atKeys };
}

/** As readNextQueue, with only the keys of the due items (line mode answers one of them whole). */
export async function readLineQueue(
  db: Db,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
): Promise<{ head: DrillHead; dueKeys: string[]; atKeys?: DrillItemRow[] }> {
  const { head, due, atKeys } = await readQueue(db, userId, color, query, true);
  return { head, dueKeys: due as string[], atKeys };
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
