// The coverage check's filters (time speeds and rating bands) and their defaults.

export const SPEEDS = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type Speed = (typeof SPEEDS)[number];
export const RATINGS = ['400', '1000', '1200', '1400', '1600', '1800', '2000', '2200', '2500'] as const;
export type Rating = (typeof RATINGS)[number];

export const DEFAULT_SPEEDS: readonly Speed[] = ['blitz', 'rapid', 'classical'];
export const DEFAULT_RATINGS: readonly Rating[] = ['1800', '2000', '2200', '2500'];

export type Filters = { speeds: Speed[]; ratings: Rating[] };
export const defaultFilters = (): Filters => ({ speeds: [...DEFAULT_SPEEDS], ratings: [...DEFAULT_RATINGS] });
