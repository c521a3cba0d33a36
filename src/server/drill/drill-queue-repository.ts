// The reads a drill call starts with, in one statement each: the colour's head (its study's version
// and sync mark, its edits, the day's New allowance left), its due items, and the items at the
// positions the caller expects to serve next. On the embedded database every statement has a fixed
// cost of its own, and the drill's calls are the app's most frequent: they run as named statements
// (NamedStatements), parsed and planned once.
import { sql } from 'drizzle-orm';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import type { SqlRunner } from '../db/named-statements.js';
import { rowsOf } from '../db/rows.js';
import type { CoverageRunHead, DrillTrapsHead } from '../repertoire/coverage-figures.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { DEFAULT_PER_DAY, newDayColumns, toDayHead, type DayHead, type RawNewDay } from './drill-new-day.js';
import {
  CAN_FALL_DUE,
  chooseNewSql,
  fromJson,
  isKnownSql,
  ITEM_COLUMNS,
  keptList,
  toChosen,
  toVersioned,
  type ChosenNew,
  type KeptRows,
  type RawChosen,
  type RawVersioned,
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
  /** The colour's latest coverage run (by id) as the drill's traps read it, when asked for; null before the first. */
  run?: CoverageRunHead | null;
}

interface RawHead extends RawNewDay {
  version: string | null;
  synced: string | null;
  edits: string;
  speeds: string | null;
  ratings: string | null;
  /** JSON of the latest coverage run, when asked for (null without one). */
  run?: unknown;
}

/** What the head reads besides the study and its edits. */
interface HeadOptions {
  /** Today began at this instant (the player's midnight): with the New items left of the day. */
  dayStart?: Date;
  /** With the latest coverage check's filter. */
  coverage?: boolean;
  /** With the latest coverage run (for the drill's traps). */
  run?: boolean;
}

const headSelect = (userId: number, color: Color, { dayStart, coverage = false, run = false }: HeadOptions) => sql`
  select u.drill_new_per_day as per_day,
    ${dayStart ? newDayColumns(userId, dayStart) : sql`0 as answered, null::json as decks`},
    s.text_version::text as version, s.drill_synced as synced,
    (select count(*)::int || ':' || coalesce(max(id), 0)::int || ':' || coalesce(sum(id), 0)::text
      from repertoire_edits where user_id = ${userId} and color = ${color}) as edits,
    ${coverage ? sql`r.speeds, r.ratings` : sql`null::text as speeds, null::text as ratings`}
    ${
      run
        ? sql`, (select json_build_object('id', id, 'speeds', speeds, 'ratings', ratings, 'done', done)
            from coverage_runs where user_id = ${userId} and color = ${color} order by id desc limit 1) as run`
        : sql``
    }
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
    ...(row.run === undefined ? {} : { run: row.run === null ? null : fromJson<CoverageRunHead>(row.run) }),
  };
}

/** What the drill's traps need of a head that read the latest coverage run; undefined otherwise. */
export function trapsHeadOf(head: DrillHead): DrillTrapsHead | undefined {
  if (head.run === undefined || !head.study) return undefined;
  return { run: head.run, version: head.study.version, edits: head.edits };
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
  /** Rows the caller holds: those still at their version are not read again. */
  kept?: KeptRows;
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
  /** The version of each row read (due and chosen), by id. */
  versions: Map<number, string>;
}

async function readQueue(
  db: SqlRunner,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
  dueKeysOnly: boolean,
): Promise<DrillQueue<unknown>> {
  const { now, dayStart, limit, keys, kept } = query;
  const known = keptList(kept);
  const [row] = rowsOf<RawQueue>(
    await db.execute(sql`
      with head as (${headSelect(userId, color, { dayStart, coverage: query.coverage, run: true })}),
      due_items as (
        select ${dueKeysOnly ? sql.raw('id, position_key, due') : ITEM_COLUMNS}, ord, xmin::text as version from drill_items
        where user_id = ${userId} and color = ${color} and retired_at is null
          and due <= ${now.toISOString()}::timestamptz and ${CAN_FALL_DUE}
        order by due, ord, id limit ${limit}),
      room as (
        select least(${limit} - (select count(*)::int from due_items), coalesce(per_day, ${DEFAULT_PER_DAY}) - coalesce(answered, 0)) as n
        from head)
      select head.*, (select n from room) as room,
        (select coalesce(json_agg(${dueKeysOnly ? sql`d.position_key` : dueRow(known)} order by d.due, d.ord, d.id), '[]')
          from due_items d) as due,
        case when ${keys.length} > 0 and (select n from room) > 0 then
          (select coalesce(json_agg(c order by c.n), '[]')
            from (${chooseNewSql(userId, color, keys, sql`(select n from room)`, known)}) c)
        end as chosen
      from head`),
  );
  const head = toHead(row, true);
  const versions = new Map<number, string>();
  if (!row) return { head, due: [], room: Math.min(limit, head.newLeft), versions };
  const rawChosen = row.chosen === null ? undefined : fromJson<RawChosen[]>(row.chosen);
  for (const raw of rawChosen ?? []) if (raw.id !== null) versions.set(raw.id, raw.version);
  const due = fromJson<unknown[]>(row.due);
  if (!dueKeysOnly) for (const raw of due as RawVersioned[]) versions.set(raw.id, raw.version);
  return { head, due, room: row.room, chosen: rawChosen?.map((raw) => toChosen(raw, kept)), versions };
}

/** A due row for readNextQueue: whole, or by id when the caller holds it at its version. */
const dueRow = (known: string) =>
  sql`json_build_object('id', d.id, 'version', d.version, 'row', case when ${isKnownSql(known)} then null else to_json(d) end)`;

/** The head, the due items (oldest due first), and the New items chosen among the first of `keys`. */
export async function readNextQueue(
  db: SqlRunner,
  userId: number,
  color: Color,
  query: DrillQueueQuery,
): Promise<DrillQueue<DrillItemRow>> {
  const read = await readQueue(db, userId, color, query, false);
  return { ...read, due: (read.due as RawVersioned[]).map((raw) => toVersioned(raw, query.kept)) };
}

/** As readNextQueue, with only the keys of the due items (line mode answers one of them whole). */
export async function readLineQueue(
  db: SqlRunner,
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
