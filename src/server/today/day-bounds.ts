import { sql, type SQL } from 'drizzle-orm';
import { isTimeZone, localDate, startOfLocalDate } from '../../chess/local-days.js';
import { BadRequestError } from '../plugins/error-handler.js';

/** The player's zone from `?tz=` (UTC without one); an unknown name is a bad request. */
export function playerTimeZone(tz: string | undefined): string {
  if (tz === undefined || tz === '') return 'UTC';
  if (!isTimeZone(tz)) throw new BadRequestError(`tz must be a time zone name like Europe/Berlin (got ${tz})`);
  return tz;
}

/** Today's local date and the instant it began, in the zone. */
export function localToday(now: Date, timeZone: string): { today: string; dayStart: Date } {
  const today = localDate(now, timeZone);
  return { today, dayStart: startOfLocalDate(today, timeZone) };
}

/** Bucket bounds as one timestamptz[] parameter, for width_bucket(column, bounds). */
export const boundsParam = (bounds: readonly Date[]): SQL =>
  sql`${`{${bounds.map((b) => b.toISOString()).join(',')}}`}::timestamptz[]`;
