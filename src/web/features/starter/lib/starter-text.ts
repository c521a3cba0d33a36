// A starter build in words: "1 in 150 games", "About 40–120 positions to look up…", the PGN's file name.
import { plural } from '../../../lib/plural';
import type { Color } from '@contract/common';
import type { StarterBuild, StarterEstimate } from '@contract/starter';
import { bandOfRatings, defaultGoal } from '../../../../chess/coverage-goal';

export const colorName = (color: Color): string => (color === 'white' ? 'White' : 'Black');

const count = (n: number): string => n.toLocaleString('en-US');

/** "1 in 150 games" for a goal of 1/150. */
export const goalText = (goal: number): string => `1 in ${count(Math.round(1 / goal))} games`;

/** The goal for "1 in N games"; undefined unless N is a whole number from 2 to 10,000. */
export const goalOfOneIn = (text: string): number | undefined => {
  const n = Number(text.replace(/[,\s]/g, ''));
  return text.trim() !== '' && Number.isInteger(n) && n >= 2 && n <= 10_000 ? 1 / n : undefined;
};

/** N of "1 in N games" for the lowest chosen rating band (the server's default goal). */
export const bandOneIn = (ratings: readonly string[]): number =>
  Math.round(1 / defaultGoal(bandOfRatings(ratings.join(','))));

const minutesText = (low: number, high: number): string => {
  if (high <= 1) return 'about a minute';
  return low === high ? `some ${high} minutes` : `some ${low}–${high} minutes`;
};

/** "About 40–120 positions to look up, some 1–2 minutes at the explorer's pace". */
export function estimateText({ low, high, seconds_per_lookup }: StarterEstimate): string {
  const minutes = (n: number) => Math.max(1, Math.round((n * seconds_per_lookup) / 60));
  const positions = low === high ? count(high) : `${count(low)}–${count(high)}`;
  return `About ${positions} positions to look up, ${minutesText(minutes(low), minutes(high))} at the explorer's pace`;
}

/** 0..100, whole: positions looked up of those known so far. */
export const percentDone = (done: number, queued: number): number =>
  done + queued === 0 ? 0 : Math.round((done / (done + queued)) * 100);

/** "12 of 40 positions looked up, 25 in the tree". */
export const progressText = (done: number, queued: number, positions: number): string =>
  `${count(done)} of ${count(done + queued)} positions looked up, ${count(positions)} in the tree`;

/** "about 4.2 reviews a day in the first month" (whole from 10 on). */
export function reviewsText(perDay: number): string {
  if (perDay > 0 && perDay < 0.1) return 'under 0.1 reviews a day in the first month';
  return `about ${perDay >= 10 ? Math.round(perDay) : perDay.toFixed(1)} reviews a day in the first month`;
}

/** What became of the build, in one sentence. */
export function statusText(build: StarterBuild): string {
  const what = `${colorName(build.color)} from ${build.line}, every reply met in at least ${goalText(build.goal)}`;
  switch (build.status) {
    case 'running':
      return `Building: ${what}.`;
    case 'done':
      // A done build's note says what it could not do (a line too rare to follow): no claim beside it.
      return build.message ? `Done: ${colorName(build.color)} from ${build.line}.` : `Done: ${what}.`;
    case 'stopped':
      return `Stopped: kept what it found, ${plural(build.positions, 'position')}.`;
    case 'failed':
      return `Failed: ${(build.message ?? 'the build ended early').replace(/\.$/, '')}.`;
  }
}

/** "starter-white-1-e4.pgn": the colour and the committed line, letters and digits only. */
export function starterFileName(color: Color, line: string): string {
  const slug = line
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `starter-${color}${slug ? `-${slug}` : ''}.pgn`;
}

/** The source's name when the build is kept: "Starter: 1. e4". */
export const sourceTitle = (line: string): string => `Starter: ${line}`;

/** "1800-2500 blitz, rapid and classical": the bands (lowest to highest) and speeds of a build. */
export function bandsText(speeds: string, ratings: string): string {
  const bands = ratings.split(',').filter(Boolean).map(Number);
  const range =
    bands.length === 0 ? '' : bands.length === 1 ? `${bands[0]}` : `${Math.min(...bands)}-${Math.max(...bands)}`;
  const list = speeds.split(',').filter(Boolean);
  const said = list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `${range} ${said}`.trim();
}
