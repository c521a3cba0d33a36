// Short labels for review-button intervals, as Anki shows them.
// Example: intervalLabel(10 * 60_000) === '10m'; 3 days -> '3d'; 60 days -> '2mo'; 550 days -> '1.5y'.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** One decimal at most, no trailing '.0'. */
function short(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Label for a span of `ms` milliseconds: '<1m', '5m', '3h', '4d', '2.5mo', '1.2y'. */
export function intervalLabel(ms: number): string {
  if (ms < MINUTE) return '<1m';
  if (ms < HOUR) return `${Math.round(ms / MINUTE)}m`;
  if (ms < DAY) return `${short(ms / HOUR)}h`;
  if (ms < MONTH) return `${Math.round(ms / DAY)}d`;
  if (ms < YEAR) return `${short(ms / MONTH)}mo`;
  return `${short(ms / YEAR)}y`;
}
