// The day's New items in a drill call: what each colour may still learn today, its share of the one
// daily allowance (src/chess/drill-new-share.ts). The head a call starts with reads the New items
// answered today (both colours) and each colour's deck size. Only when both colours have a deck and the
// day's allowance is not used up can the share change the answer; then a second statement counts, per
// colour, the New items answered today and the items ever answered (it reads each answered item of the
// player: about 0.5 ms a 400 on the embedded database, so the head does not carry it for everyone).
import { sql } from 'drizzle-orm';
import { newLeftToday, type Color, type NewDay } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { fromJson } from './drill-items-repository.js';

export const DEFAULT_PER_DAY = 20;

/** The columns newDayColumns adds to the head. */
export interface RawNewDay {
  per_day: number | null;
  /** New items answered today, both colours. */
  answered: number | null;
  /** JSON [white, black]: items of each colour's deck as last synced (studies.drill_synced '<digest>:<items>'). */
  decks: unknown;
}

/** The New items answered since `dayStart` (first answers: drill_logs records the state before each). */
const answeredSince = (userId: number, dayStart: Date) => sql`
  select item_id from drill_logs where user_id = ${userId} and state = 0 and review >= ${dayStart.toISOString()}::timestamptz`;

/** The head's columns for the day (after `per_day`): `answered` and `decks`. */
export const newDayColumns = (userId: number, dayStart: Date) => sql`
  (select count(distinct item_id)::int from (${answeredSince(userId, dayStart)}) t) as answered,
  (select json_build_array(
      max(substring(drill_synced from ':([0-9]+)$')::int) filter (where color = 'white'),
      max(substring(drill_synced from ':([0-9]+)$')::int) filter (where color = 'black'))
    from studies where user_id = ${userId}) as decks`;

/** The head's day as read: what is left of the allowance and the decks' sizes. */
export interface DayHead {
  perDay: number;
  answered: number;
  decks: Record<Color, number>;
}

export function toDayHead(row: RawNewDay): DayHead {
  const decks = row.decks === null ? [null, null] : fromJson<[number | null, number | null]>(row.decks);
  return {
    perDay: row.per_day ?? DEFAULT_PER_DAY,
    answered: row.answered ?? 0,
    decks: { white: decks[0] ?? 0, black: decks[1] ?? 0 },
  };
}

/** Whether the colours' figures can change what the colour is served: both have a deck and the day has room. */
export const isShared = (day: DayHead): boolean =>
  day.decks.white > 0 && day.decks.black > 0 && day.answered < day.perDay;

/** Per colour: the New items answered today and the positions never answered (the deck less its answered items). */
export async function readNewDay(db: Db, userId: number, dayStart: Date, day: DayHead): Promise<NewDay> {
  const rows = rowsOf<{ color: Color; answered: number; learnt: number }>(
    await db.execute(sql`
      with today as (
        select i.color, count(distinct l.item_id)::int as n
        from (${answeredSince(userId, dayStart)}) l join drill_items i on i.id = l.item_id
        group by i.color),
      learnt as (
        select color, count(*)::int as n from drill_items
        where user_id = ${userId} and retired_at is null and state <> 0
        group by color)
      select c.color, coalesce(t.n, 0) as answered, coalesce(k.n, 0) as learnt
      from (values ('white'), ('black')) c(color)
      left join today t on t.color = c.color
      left join learnt k on k.color = c.color`),
  );
  const of = (color: Color) => rows.find((row) => row.color === color) ?? { answered: 0, learnt: 0 };
  return {
    perDay: day.perDay,
    answered: { white: of('white').answered, black: of('black').answered },
    toLearn: {
      white: Math.max(0, day.decks.white - of('white').learnt),
      black: Math.max(0, day.decks.black - of('black').learnt),
    },
  };
}

/** New items the colour may still be served today; the colours' figures are read only when they matter. */
export async function colourNewLeft(
  db: Db,
  userId: number,
  color: Color,
  dayStart: Date,
  day: DayHead,
): Promise<number> {
  return newLeftOf(color, day, isShared(day) ? await readNewDay(db, userId, dayStart, day) : undefined);
}

/**
 * New items the colour may still be served today: its share when the colours' figures were read,
 * else (one colour has a deck, or nothing is left) what is left of the day, which the deck's New items bound.
 */
export const newLeftOf = (color: Color, day: DayHead, newDay: NewDay | undefined): number =>
  newDay ? newLeftToday(color, newDay) : Math.max(0, day.perDay - day.answered);
