import { sql } from 'drizzle-orm';
import type { Leech, ProgressAnswer } from '@contract/today.js';
import { addDays, localDayBounds, mondayOf, startOfLocalDate } from '../../chess/local-days.js';
import {
  FORECAST_DAYS,
  LEECH_LAPSES,
  RETENTION_WEEKS,
  forecastOfBuckets,
  retentionOfBuckets,
  type WeekCounts,
} from '../../chess/training-figures.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { boundsParam, localToday } from './day-bounds.js';

/** Leeches listed at most. */
const LEECHES_MAX = 200;

/** What Progress shows, at `now` in the player's zone. */
export async function progressFigures(db: Db, userId: number, now: Date, timeZone: string): Promise<ProgressAnswer> {
  const { today } = localToday(now, timeZone);
  const [forecast, retention, leeches] = await Promise.all([
    dueForecast(db, userId, today, timeZone),
    weeklyRetention(db, userId, today, timeZone),
    findLeeches(db, userId),
  ]);
  return { forecast, retention, leeches };
}

type Counts = Map<number, number>;
const countsOf = (rows: { b: number; n: number }[]): Counts => new Map(rows.map((r) => [Number(r.b), Number(r.n)]));

async function dueForecast(db: Db, userId: number, today: string, timeZone: string) {
  const bounds = localDayBounds(today, FORECAST_DAYS, timeZone);
  const end = bounds[bounds.length - 1].toISOString();
  const [cards, drill] = await Promise.all([
    db.execute(sql`
      select width_bucket(due, ${boundsParam(bounds)}) as b, count(*)::int as n
      from cards where user_id = ${userId} and due < ${end}::timestamptz group by 1`),
    // Items that can fall due (reviewed, changed, asked for): New ones wait for the daily allowance.
    db.execute(sql`
      select width_bucket(due, ${boundsParam(bounds)}) as b, count(*)::int as n
      from drill_items
      where user_id = ${userId} and retired_at is null and (state <> 0 or changed_at is not null)
        and due < ${end}::timestamptz
      group by 1`),
  ]);
  return forecastOfBuckets(
    today,
    countsOf(rowsOf<{ b: number; n: number }>(cards)),
    countsOf(rowsOf<{ b: number; n: number }>(drill)),
  );
}

async function weeklyRetention(db: Db, userId: number, today: string, timeZone: string) {
  const firstMonday = addDays(mondayOf(today), -7 * (RETENTION_WEEKS - 1));
  const bounds = Array.from({ length: RETENTION_WEEKS + 1 }, (_, i) =>
    startOfLocalDate(addDays(firstMonday, 7 * i), timeZone),
  );
  const from = bounds[0].toISOString();
  const rows = rowsOf<{ b: number; reviews: number; again: number }>(
    await db.execute(sql`
      select width_bucket(review, ${boundsParam(bounds)}) as b, count(*)::int as reviews,
        count(*) filter (where rating = 1)::int as again
      from (
        select review, rating from review_logs
          where user_id = ${userId} and review >= ${from}::timestamptz and rating between 1 and 4
        union all
        select review, rating from drill_logs where user_id = ${userId} and review >= ${from}::timestamptz
      ) r
      group by 1`),
  );
  const counts = new Map<number, WeekCounts>(
    rows.map((r) => [Number(r.b), { reviews: Number(r.reviews), again: Number(r.again) }]),
  );
  return retentionOfBuckets(firstMonday, counts).map(({ week, reviews, rightFirstTime }) => ({
    week,
    reviews,
    right_first_time: rightFirstTime,
  }));
}

async function findLeeches(db: Db, userId: number): Promise<Leech[]> {
  const rows = rowsOf<{
    kind: 'card' | 'drill';
    id: string;
    fen: string;
    lapses: number;
    label: string;
    color: 'white' | 'black' | null;
  }>(
    await db.execute(sql`
      (select 'card' as kind, id, prompt_fen as fen, lapses, prompt as label, null as color
        from cards where user_id = ${userId} and lapses >= ${LEECH_LAPSES})
      union all
      (select 'drill' as kind, id::text, fen, lapses, line as label, color
        from drill_items where user_id = ${userId} and retired_at is null and lapses >= ${LEECH_LAPSES})
      order by lapses desc, kind, id
      limit ${LEECHES_MAX}`),
  );
  return rows.map((row): Leech => {
    if (row.kind === 'card') return { kind: 'card', id: row.id, fen: row.fen, lapses: row.lapses, label: row.label };
    return {
      kind: 'drill',
      id: Number(row.id),
      fen: row.fen,
      lapses: row.lapses,
      label: row.label,
      color: row.color ?? 'white',
      line: row.label,
    };
  });
}
