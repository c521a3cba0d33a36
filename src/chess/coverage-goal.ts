/**
 * The coverage goal: a reach below which a line is optional (a player meets it in fewer than one
 * game in N). It defaults by the player's rating band, the lowest band of their latest coverage
 * check (1600 before any): stronger players meet more of the rare lines worth knowing.
 *
 *   defaultGoal(bandOfRatings('1600,1800')) // 1/100
 */

/** The band assumed before any coverage check. */
export const DEFAULT_BAND = 1600;

/** Goals by band: [lowest rating of the band, goal]; the first band whose floor the rating reaches, from the top. */
const GOALS: readonly (readonly [number, number])[] = [
  [1900, 1 / 200],
  [1700, 1 / 150],
  [1300, 1 / 100],
  [-Infinity, 1 / 75],
];

/** 0..1: the default goal for a rating band. */
export const defaultGoal = (band: number): number => GOALS.find(([floor]) => band >= floor)![1];

/** The lowest rating band of a comma list such as '1600,1800,2000'; DEFAULT_BAND when none reads. */
export const bandOfRatings = (ratings: string | undefined): number => {
  const bands = (ratings ?? '')
    .split(',')
    .map((r) => Number(r.trim()))
    .filter((r) => Number.isFinite(r) && r > 0);
  return bands.length > 0 ? Math.min(...bands) : DEFAULT_BAND;
};

/** Whether a hole or line of this reach (0..1) must be known at this goal. */
export const isNeeded = (reach: number, goal: number): boolean => reach >= goal;

/** Smallest and largest goal a player may set: once in 2 games to once in 10,000. */
export const MIN_GOAL = 1 / 10_000;
export const MAX_GOAL = 1 / 2;
