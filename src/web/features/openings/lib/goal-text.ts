// The coverage goal's figures in words: "1 in 100 games", "1600-1800 blitz", "54.2%".
import type { Expected } from '../api/coverage-goal';
import type { Color } from '../api/types';

/** 54.2% (one decimal). */
export const percent1 = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** "1 in 100 games" for a goal of 0.01. */
export const goalText = (goal: number): string => `1 in ${Math.round(1 / goal).toLocaleString('en-US')} games`;

/** The goal for "1 in N games"; undefined unless N is a whole number from 2 to 10,000. */
export const goalOfOneIn = (text: string): number | undefined => {
  const n = Number(text.replace(/[,\s]/g, ''));
  return Number.isInteger(n) && n >= 2 && n <= 10_000 ? 1 / n : undefined;
};

/** "1600-1800 blitz" or "1800 blitz, rapid and classical": the bands (lowest to highest) and speeds of a check. */
export function bandsText(speeds: string, ratings: string): string {
  const bands = ratings.split(',').filter(Boolean).map(Number);
  const range =
    bands.length === 0 ? '' : bands.length === 1 ? `${bands[0]}` : `${Math.min(...bands)}-${Math.max(...bands)}`;
  const list = speeds.split(',').filter(Boolean);
  const said = list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `${range} ${said}`.trim();
}

/** "Your White repertoire scores 54.2% at 1600-1800 blitz where players score 51.0% after your first moves". */
export function expectedSentence(color: Color, expected: Expected): string {
  const side = color === 'white' ? 'White' : 'Black';
  const first = color === 'white' ? 'after your first moves' : "after White's first moves";
  return (
    `Your ${side} repertoire scores ${percent1(expected.score)} at ${bandsText(expected.speeds, expected.ratings)} ` +
    `where players score ${percent1(expected.baseline)} ${first}`
  );
}
