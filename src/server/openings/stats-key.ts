import { positionKey } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';

/**
 * The position_stats key: (position, speeds, ratings) in one normal form, so a check with the same
 * filters in another order, or a FEN with other move counters, finds the same cached answer.
 */

export const SPEEDS = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Speed = (typeof SPEEDS)[number];
export const RATINGS = [400, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500] as const;

/** The filters a coverage check uses when none are chosen. */
export const DEFAULT_SPEEDS: readonly Speed[] = ['blitz', 'rapid', 'classical'];
export const DEFAULT_RATINGS: readonly number[] = [1800, 2000, 2200, 2500];

export interface StatsFilter {
  /** Comma-joined in SPEEDS order. */
  speeds: string;
  /** Comma-joined, ascending. */
  ratings: string;
}

export type FilterResult = { ok: true; filter: StatsFilter } | { ok: false; error: string };

/** Reads comma lists (or arrays) of speeds and rating bands; empty input means the defaults. */
export function parseStatsFilter(
  speedsInput: string[] | string | undefined,
  ratingsInput: string[] | string | undefined,
): FilterResult {
  const split = (v: string[] | string | undefined) =>
    (Array.isArray(v) ? v : (v ?? '').split(','))
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
  const speedList = split(speedsInput);
  const ratingList = split(ratingsInput);
  const badSpeed = speedList.find((s) => !(SPEEDS as readonly string[]).includes(s));
  if (badSpeed) return { ok: false, error: `Unknown speed '${badSpeed}'; use ${SPEEDS.join(', ')}` };
  const badRating = ratingList.find((r) => !(RATINGS as readonly number[]).includes(Number(r)));
  if (badRating) return { ok: false, error: `Unknown rating band '${badRating}'; use ${RATINGS.join(', ')}` };
  const speeds = speedList.length ? SPEEDS.filter((s) => speedList.includes(s)) : DEFAULT_SPEEDS;
  const ratings = ratingList.length ? RATINGS.filter((r) => ratingList.map(Number).includes(r)) : DEFAULT_RATINGS;
  return { ok: true, filter: { speeds: speeds.join(','), ratings: ratings.join(',') } };
}

/** Cache key of a position: the FEN without its move counters. */
export const statsFen = (fen: string): string => positionKey(fen);

/** A full FEN for the explorer from a cache key. */
export const explorerFen = (key: string): string => (key.trim().split(/\s+/).length === 4 ? `${key} 0 1` : key);

/** parseStatsFilter for request input: an unknown speed or rating band is a 400 naming it. */
export function requireStatsFilter(
  speeds: string[] | string | undefined,
  ratings: string[] | string | undefined,
): StatsFilter {
  const parsed = parseStatsFilter(speeds, ratings);
  if (!parsed.ok) throw new BadRequestError(parsed.error);
  return parsed.filter;
}

/** The cache key's filters of the masters database's answers: no speed or band is ever written so. */
export const MASTERS_FILTER: StatsFilter = { speeds: 'masters', ratings: 'masters' };
