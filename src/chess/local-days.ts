// Calendar days in a player's time zone (an IANA name such as 'Europe/Berlin'), for counting
// training by day. Pure: instants come in as parameters; the zone rules are the runtime's Intl data.
// Example:
//   localDate(new Date('2026-03-01T23:30:00Z'), 'Europe/Berlin')   // '2026-03-02'
//   startOfLocalDate('2026-03-02', 'Europe/Berlin')                 // 2026-03-01T23:00:00.000Z

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** True for a time zone name the runtime knows ('UTC', 'America/New_York', ...). */
export function isTimeZone(name: string): boolean {
  if (typeof name !== 'string' || name.trim() === '' || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  date: string;
  /** Seconds since local midnight. */
  seconds: number;
}

function localParts(ms: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function localDate(instant: Date, timeZone: string): string {
  return localParts(instant.getTime(), timeZone).date;
}

const DAY_MS = 86_400_000;

const utcMidnight = (date: string): number => Date.parse(`${date}T00:00:00Z`);

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Monday .. 6 for Sunday. */
export function weekday(date: string): number {
  return (new Date(utcMidnight(date)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -weekday(date));
}

/**
 * The first instant of the local calendar date: local midnight, or the end of a daylight-saving gap
 * when the clocks skip midnight (as in Santiago or Beirut).
 */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const midnight = utcMidnight(date);
  // The zone's offset near that midnight, then a check that the guess is that date's 00:00:00.
  const near = localParts(midnight, timeZone);
  const offsetMs = utcMidnight(near.date) + near.seconds * 1000 - midnight;
  const guess = midnight - offsetMs;
  const at = localParts(guess, timeZone);
  if (at.date === date && at.seconds === 0) return new Date(guess);
  // Rare (a gap or an offset change near midnight): the first second whose local date is `date`.
  let low = midnight - 15 * 3_600_000;
  let high = midnight + 15 * 3_600_000;
  while (high - low > 1000) {
    const mid = low + Math.floor((high - low) / 2000) * 1000;
    if (localParts(mid, timeZone).date >= date) high = mid;
    else low = mid;
  }
  return new Date(high);
}

/**
 * Starts of `count + 1` consecutive local dates from `firstDate`: bucket bounds, so bucket i holds the
 * instants from bounds[i] up to bounds[i + 1].
 */
export function localDayBounds(firstDate: string, count: number, timeZone: string): Date[] {
  const bounds: Date[] = [];
  for (let i = 0; i <= count; i++) bounds.push(startOfLocalDate(addDays(firstDate, i), timeZone));
  return bounds;
}

/**
 * Which bucket `instant` falls in, numbered as PostgreSQL's width_bucket numbers them: 0 before
 * bounds[0], i for bounds[i - 1] <= instant < bounds[i], bounds.length at or after the last bound.
 */
export function bucketOf(instant: Date, bounds: readonly Date[]): number {
  const t = instant.getTime();
  let i = 0;
  while (i < bounds.length && bounds[i].getTime() <= t) i++;
  return i;
}
