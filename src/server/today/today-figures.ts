import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TodayAnswer } from '@contract/today.js';
import { addDays, localDayBounds } from '../../chess/local-days.js';
import { activeDatesOfBuckets, streakDays } from '../../chess/training-figures.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { newAnsweredToday, newPerDay } from '../drill/drill-queue.js';
import { boundsParam, localToday } from './day-bounds.js';
import { countNewGames, recordVisit, startGameChecks, type SavedNames } from './new-games.js';
import { countOpenHoles } from './open-holes.js';
import { countUnanalysedReviews } from './unanalysed-reviews.js';

/** Days looked at first for the streak; a longer streak looks further back. */
const STREAK_WINDOW = 60;
const STREAK_MAX_DAYS = 20 * 366;

/** Everything Today shows, counted at `now` in the player's zone. Starts due background game fetches. */
export async function todayFigures(
  app: FastifyInstance,
  userId: number,
  names: SavedNames,
  now: Date,
  timeZone: string,
): Promise<TodayAnswer> {
  const db = app.db;
  const { today, dayStart } = localToday(now, timeZone);
  const previousVisit = await recordVisit(db, userId, now);
  const gamesFetching = await startGameChecks(app, userId, names, now);
  const [cardsDue, drill, newToday, perDay, done, newGames, unanalysed, holes, streak] = await Promise.all([
    countDueCards(db, userId, now),
    drillCounts(db, userId, now),
    newAnsweredToday(db, userId, now, dayStart),
    newPerDay(db, userId),
    doneSince(db, userId, dayStart),
    countNewGames(db, userId, names, previousVisit),
    countUnanalysedReviews(db, userId),
    countOpenHoles(db, userId),
    trainingStreak(db, userId, today, timeZone),
  ]);
  return {
    cards_due: cardsDue,
    drill_due: { white: drill.white.due, black: drill.black.due },
    drill_new_left: Math.min(drill.white.fresh + drill.black.fresh, Math.max(0, perDay - newToday)),
    new_games: newGames,
    unanalysed_reviews: unanalysed,
    holes_open: holes,
    streak_days: streak,
    done_today: done.cards + done.drill,
    done: { ...done, new_drill: newToday },
    games_fetching: gamesFetching,
  };
}

async function countDueCards(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from cards where user_id = ${userId} and due <= ${now.toISOString()}::timestamptz`,
    ),
  );
  return row?.n ?? 0;
}

interface ColorCounts {
  /** Due now: reviewed items whose time has come, and changed or asked-for ones (as the drill serves them). */
  due: number;
  /** New items still to learn: the synced deck less the active items that have left New. */
  fresh: number;
}

async function drillCounts(db: Db, userId: number, now: Date): Promise<Record<'white' | 'black', ColorCounts>> {
  // Only rows that can fall due are counted (the partial index drill_items_due_idx holds just them).
  const rows = rowsOf<{ color: 'white' | 'black'; due: number; started: number; synced: string | null }>(
    await db.execute(sql`
      select s.color, coalesce(d.due, 0) as due, coalesce(d.started, 0) as started, s.drill_synced as synced
      from studies s
      left join (
        select color,
          count(*) filter (where due <= ${now.toISOString()}::timestamptz)::int as due,
          count(*)::int as started
        from drill_items
        where user_id = ${userId} and retired_at is null and (state <> 0 or changed_at is not null)
        group by color) d on d.color = s.color
      where s.user_id = ${userId}`),
  );
  const counts = { white: { due: 0, fresh: 0 }, black: { due: 0, fresh: 0 } };
  for (const row of rows) {
    const size = row.synced ? Number(row.synced.slice(row.synced.lastIndexOf(':') + 1)) : NaN;
    counts[row.color] = { due: row.due, fresh: Number.isInteger(size) ? Math.max(0, size - row.started) : 0 };
  }
  return counts;
}

async function doneSince(db: Db, userId: number, since: Date): Promise<{ cards: number; drill: number }> {
  const at = since.toISOString();
  const [row] = rowsOf<{ cards: number; drill: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from review_logs
          where user_id = ${userId} and review >= ${at}::timestamptz and rating between 1 and 4) as cards,
        (select count(*)::int from drill_logs where user_id = ${userId} and review >= ${at}::timestamptz) as drill`),
  );
  return { cards: row?.cards ?? 0, drill: row?.drill ?? 0 };
}

/** Consecutive local days with a card review or drill answer, up to today (see streakDays). */
export async function trainingStreak(db: Db, userId: number, today: string, timeZone: string): Promise<number> {
  for (let window = STREAK_WINDOW; ; window = Math.min(window * 6, STREAK_MAX_DAYS)) {
    const first = addDays(today, -(window - 1));
    const bounds = localDayBounds(first, window, timeZone);
    const rows = rowsOf<{ b: number }>(
      await db.execute(sql`
        select distinct width_bucket(review, ${boundsParam(bounds)}) as b from (
          select review from review_logs
            where user_id = ${userId} and review >= ${bounds[0].toISOString()}::timestamptz and rating between 1 and 4
          union all
          select review from drill_logs where user_id = ${userId} and review >= ${bounds[0].toISOString()}::timestamptz
        ) r`),
    );
    const streak = streakDays(
      activeDatesOfBuckets(
        first,
        rows.map((r) => Number(r.b)),
        window,
      ),
      today,
    );
    // A streak that stops inside the window is whole; one reaching its start may go further back.
    if (streak < window - 1 || window >= STREAK_MAX_DAYS) return streak;
  }
}
