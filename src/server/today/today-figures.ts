import { neededHolesLeft } from '../repertoire/coverage-goal-store.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TodayAnswer } from '@contract/today.js';
import { addDays, localDayBounds } from '../../chess/local-days.js';
import { activeDatesOfBuckets, streakDays } from '../../chess/training-figures.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { boundsParam, localToday } from './day-bounds.js';
import { cleanName, startGameChecks, type CheckRow, type CheckSite, type SavedNames } from './new-games.js';
import { syncIfBehind } from '../drill/drill-sync.js';
import { DEFAULT_PER_DAY, isShared, newLeftOf, readNewDay, type DayHead } from '../drill/drill-new-day.js';
import { countOpenHoles } from './open-holes.js';
import { importedUnanalysedCount, unanalysedReviewsCount } from './unanalysed-reviews.js';

/**
 * Everything Today shows, counted at `now` in the player's zone, read in one statement (which also
 * marks the visit); a background game fetch starts when one is due, and a long streak or changed
 * coverage holes cost a query more.
 */

/** Days looked at first for the streak; a longer streak looks further back. */
const STREAK_WINDOW = 60;
const STREAK_MAX_DAYS = 20 * 366;
/** Today loads closer together than this are one visit: new games count from the visit before. */
export const VISIT_GAP_MS = 30 * 60_000;

interface TodayRow {
  previous: string | Date | null;
  cards_due: number;
  drill: { color: 'white' | 'black'; synced: string | null; due: number; started: number }[] | null;
  new_today: number;
  per_day: number | null;
  done_cards: number;
  done_drill: number;
  unanalysed: number;
  imported_unanalysed: number;
  checks: { site: CheckSite; username: string; started: string; running: boolean }[] | null;
  games: { site: CheckSite; n: number }[] | null;
  streak: number[] | null;
  runs: string | null;
}

export async function todayFigures(
  app: FastifyInstance,
  userId: number,
  names: SavedNames,
  now: Date,
  timeZone: string,
): Promise<TodayAnswer> {
  await syncDecks(app, userId);
  const { today, dayStart } = localToday(now, timeZone);
  const first = addDays(today, -(STREAK_WINDOW - 1));
  const bounds = dayBounds(app, first, STREAK_WINDOW, timeZone);
  const at = now.toISOString();
  const start = dayStart.toISOString();
  const gap = new Date(now.getTime() - VISIT_GAP_MS).toISOString();
  const [row] = rowsOf<TodayRow>(
    await app.db.execute(sql`
      with visit as (
        insert into today_visits (user_id, seen_at, previous_seen_at) values (${userId}, ${at}, null)
        on conflict (user_id) do update set
          previous_seen_at = case when today_visits.seen_at < ${gap}::timestamptz
            then today_visits.seen_at else today_visits.previous_seen_at end,
          seen_at = greatest(today_visits.seen_at, excluded.seen_at)
        returning previous_seen_at as previous
      )
      select
        (select previous from visit) as previous,
        (select count(*)::int from cards where user_id = ${userId} and due <= ${at}::timestamptz) as cards_due,
        -- Drill rows that can fall due (reviewed, changed, asked for), per colour beside its synced deck.
        (select json_agg(json_build_object('color', s.color, 'synced', s.drill_synced,
            'due', coalesce(d.due, 0), 'started', coalesce(d.started, 0)))
          from studies s
          left join (
            select color, count(*) filter (where due <= ${at}::timestamptz)::int as due, count(*)::int as started
            from drill_items
            where user_id = ${userId} and retired_at is null and (state <> 0 or changed_at is not null)
            group by color) d on d.color = s.color
          where s.user_id = ${userId}) as drill,
        -- New items answered today, as the drill counts its daily allowance.
        (select count(distinct item_id)::int from drill_logs
          where user_id = ${userId} and state = 0 and review >= ${start}::timestamptz) as new_today,
        (select drill_new_per_day from users where id = ${userId}) as per_day,
        (select count(*)::int from review_logs
          where user_id = ${userId} and review >= ${start}::timestamptz and rating between 1 and 4) as done_cards,
        (select count(*)::int from drill_logs where user_id = ${userId} and review >= ${start}::timestamptz) as done_drill,
        ${unanalysedReviewsCount(userId)} as unanalysed,
        ${importedUnanalysedCount(userId)} as imported_unanalysed,
        (select json_agg(json_build_object('site', site, 'username', username, 'started', started_at,
            'running', finished_at is null))
          from site_game_checks where user_id = ${userId}) as checks,
        (select json_agg(json_build_object('site', site, 'n', n)) from (
          select c.site, count(*)::int as n
          from site_game_checks c
          cross join lateral jsonb_to_recordset(c.games) as g(link text, played text)
          where c.user_id = ${userId}
            and ((c.site = 'lichess' and c.username = ${cleanName(names.lichess)})
              or (c.site = 'chesscom' and c.username = ${cleanName(names.chesscom)}))
            and ((select previous from visit) is null
              or (g.played is not null and g.played::timestamptz > (select previous from visit)))
            and not exists (select 1 from game_reviews r where r.user_id = c.user_id and r.link = g.link)
          group by c.site) x) as games,
        ${streakBuckets(userId, bounds)} as streak,
        (select string_agg(id::text, ',' order by color) from (
          select distinct on (color) color, id from coverage_runs where user_id = ${userId} order by color, id desc) r
        ) as runs`),
  );

  const checks: CheckRow[] = (row.checks ?? []).map((c) => ({ ...c, started: Date.parse(c.started) }));
  const gamesFetching = await startGameChecks(app, userId, names, checks, now);
  const drill = { white: { due: 0, fresh: 0, size: 0 }, black: { due: 0, fresh: 0, size: 0 } };
  const synced: string[] = [];
  for (const d of row.drill ?? []) {
    const size = d.synced ? Number(d.synced.slice(d.synced.lastIndexOf(':') + 1)) : NaN;
    drill[d.color] = Number.isInteger(size)
      ? { due: d.due, fresh: Math.max(0, size - d.started), size }
      : { due: d.due, fresh: 0, size: 0 };
    synced.push(`${d.color}:${d.synced ?? ''}`);
  }
  const newGames = { lichess: 0, chesscom: 0 };
  for (const g of row.games ?? []) newGames[g.site] = g.n;
  let streak = streakDays(activeDatesOfBuckets(first, row.streak ?? [], STREAK_WINDOW), today);
  // A streak reaching the window's start may go further back.
  if (streak >= STREAK_WINDOW - 1) streak = await longStreak(app.db, userId, today, timeZone);
  const holes = row.runs === null ? 0 : await openHoles(app, userId, `${row.runs}|${synced.sort().join('|')}`);
  const newLeft = await drillNewLeft(app.db, userId, dayStart, {
    perDay: row.per_day ?? DEFAULT_PER_DAY,
    answered: row.new_today,
    decks: { white: drill.white.size, black: drill.black.size },
  });
  return {
    cards_due: row.cards_due,
    drill_due: { white: drill.white.due, black: drill.black.due },
    drill_new_left: Math.min(drill.white.fresh + drill.black.fresh, newLeft),
    new_games: newGames,
    unanalysed_reviews: row.unanalysed,
    imported_unanalysed: row.imported_unanalysed,
    holes_open: holes,
    needed_holes_left: await neededHolesLeft(app.db, userId),
    streak_days: streak,
    done_today: row.done_cards + row.done_drill,
    done: { cards: row.done_cards, drill: row.done_drill, new_drill: row.new_today },
    games_fetching: gamesFetching,
  };
}

/**
 * Both colours' decks in step with their study and edits before they are counted: an answer just added
 * in the workshop is in Today's drill and hole counts, as in Study next's. A failed sync leaves the
 * counts as the last one did.
 */
async function syncDecks(app: FastifyInstance, userId: number): Promise<void> {
  for (const color of ['white', 'black'] as const)
    await syncIfBehind(app, userId, color).catch((error: unknown) =>
      app.log.error({ err: error, userId, color }, 'drill deck sync for Today failed'),
    );
}

/** New items the drill will still serve today: the sum of what each colour has left of its share. */
async function drillNewLeft(db: Db, userId: number, dayStart: Date, day: DayHead): Promise<number> {
  const newDay = isShared(day) ? await readNewDay(db, userId, dayStart, day) : undefined;
  return newLeftOf('white', day, newDay) + (newDay ? newLeftOf('black', day, newDay) : 0);
}

/** Buckets of the day bounds (see localDayBounds) holding a card review or drill answer. */
function streakBuckets(userId: number, bounds: readonly Date[]) {
  const from = bounds[0].toISOString();
  return sql`(select array_agg(distinct width_bucket(review, ${boundsParam(bounds)})) from (
    select review from review_logs
      where user_id = ${userId} and review >= ${from}::timestamptz and rating between 1 and 4
    union all
    select review from drill_logs where user_id = ${userId} and review >= ${from}::timestamptz) r)`;
}

/** Consecutive local days with training up to today, looking back as far as it goes. */
export async function longStreak(db: Db, userId: number, today: string, timeZone: string): Promise<number> {
  for (let window = STREAK_WINDOW * 6; ; window = Math.min(window * 6, STREAK_MAX_DAYS)) {
    const first = addDays(today, -(window - 1));
    const [row] = rowsOf<{ streak: number[] | null }>(
      await db.execute(sql`select ${streakBuckets(userId, localDayBounds(first, window, timeZone))} as streak`),
    );
    const streak = streakDays(activeDatesOfBuckets(first, row?.streak ?? [], window), today);
    if (streak < window - 1 || window >= STREAK_MAX_DAYS) return streak;
  }
}

/** Day bounds per zone and first day: the same few serve every request of a day. */
function dayBounds(app: FastifyInstance, first: string, count: number, timeZone: string): Date[] {
  const boundsCache = app.todayMemory.dayBounds;
  const key = `${timeZone}|${first}|${count}`;
  let bounds = boundsCache.get(key);
  if (!bounds) {
    if (boundsCache.size >= 500) boundsCache.clear();
    bounds = localDayBounds(first, count, timeZone);
    boundsCache.set(key, bounds);
  }
  return bounds;
}

/**
 * Open holes change only with a new coverage run or a changed deck: counted again only then (the key
 * names the latest runs and the decks' sync digests), so two processes agree.
 */
async function openHoles(app: FastifyInstance, userId: number, key: string): Promise<number> {
  const holesCache = app.todayMemory.openHoles;
  const kept = holesCache.get(userId);
  if (kept?.key === key) return kept.open;
  const open = await countOpenHoles(app.db, userId);
  if (holesCache.size >= 10_000) holesCache.clear();
  holesCache.set(userId, { key, open });
  return open;
}
