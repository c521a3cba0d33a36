// The figures of the Today and Progress screens, made from counts per local day or week (the server
// counts rows per bucket of local-day bounds; see local-days.ts). Pure: "today" is a parameter.
// Example:
//   streakDays(new Set(['2026-03-01', '2026-03-02']), '2026-03-02')   // 2
//   streakDays(new Set(['2026-03-01']), '2026-03-02')                 // 1: today is not over yet

import { addDays } from './local-days';

/** Lapses from which a card or drill item counts as a leech. */
export const LEECH_LAPSES = 4;
/** Days the forecast covers, today first. */
export const FORECAST_DAYS = 30;
/** Weeks the retention line covers, this week last. */
export const RETENTION_WEEKS = 12;

/**
 * Consecutive days with training up to today; a day without training yet today does not break the
 * streak that ended yesterday.
 */
export function streakDays(activeDates: ReadonlySet<string>, today: string): number {
  let day = activeDates.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (activeDates.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

/** Dates of the buckets of `bounds` built from `firstDate`: bucket i (1-based) is firstDate + i - 1. */
export function activeDatesOfBuckets(firstDate: string, buckets: Iterable<number>, count: number): Set<string> {
  const dates = new Set<string>();
  for (const bucket of buckets) if (bucket >= 1 && bucket <= count) dates.add(addDays(firstDate, bucket - 1));
  return dates;
}

export interface ForecastDay {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  cards: number;
  drill: number;
}

/**
 * Items due per local day from today, from counts per bucket of the day bounds (bucket 0: due before
 * today, which is due today too; bucket i: day i - 1).
 */
export function forecastOfBuckets(
  today: string,
  cards: ReadonlyMap<number, number>,
  drill: ReadonlyMap<number, number>,
  days = FORECAST_DAYS,
): ForecastDay[] {
  const at = (counts: ReadonlyMap<number, number>, i: number) =>
    (counts.get(i + 1) ?? 0) + (i === 0 ? (counts.get(0) ?? 0) : 0);
  return Array.from({ length: days }, (_, i) => ({
    date: addDays(today, i),
    cards: at(cards, i),
    drill: at(drill, i),
  }));
}

export interface WeekCounts {
  reviews: number;
  /** Reviews rated Again. */
  again: number;
}

export interface RetentionWeek {
  /** Local date of the week's Monday. */
  week: string;
  reviews: number;
  /** 0..1: share of the week's reviews not rated Again; null for a week without reviews. */
  rightFirstTime: number | null;
}

/** One row a week from `firstMonday`, from counts per bucket of the week bounds (bucket i: week i - 1). */
export function retentionOfBuckets(
  firstMonday: string,
  counts: ReadonlyMap<number, WeekCounts>,
  weeks = RETENTION_WEEKS,
): RetentionWeek[] {
  return Array.from({ length: weeks }, (_, i) => {
    const week = counts.get(i + 1) ?? { reviews: 0, again: 0 };
    return {
      week: addDays(firstMonday, 7 * i),
      reviews: week.reviews,
      rightFirstTime: week.reviews === 0 ? null : (week.reviews - week.again) / week.reviews,
    };
  });
}
