/**
 * The day's allowance of New drill items (one number for both colours) shared between the colours in
 * proportion to the positions each has left to learn, so drilling one colour never takes the other's
 * share; what one colour cannot use (fewer positions left than its share) goes to the other. While
 * both colours have positions left and the allowance holds two, each gets at least one, so a small
 * study beside a large one is not starved by rounding.
 *
 *   shareNew(10, 300, 100) -> { white: 8, black: 2 }   (7.5 rounds to 8)
 *   newLeftToday('white', { perDay: 10, answered: { white: 3, black: 0 }, toLearn: { white: 297, black: 100 } })
 *   -> 5   (the day began with 300 and 100 left: White's share is 8, 3 of them answered)
 */
import type { Color } from './repertoire.js';

export function shareNew(allowance: number, leftWhite: number, leftBlack: number): Record<Color, number> {
  const total = leftWhite + leftBlack;
  if (allowance <= 0 || total === 0) return { white: 0, black: 0 };
  const both = leftWhite > 0 && leftBlack > 0 && allowance >= 2;
  const proportional = Math.round((allowance * leftWhite) / total);
  const fair = Math.min(leftWhite, both ? Math.min(allowance - 1, Math.max(1, proportional)) : proportional);
  const black = Math.min(leftBlack, allowance - fair);
  return { white: Math.min(leftWhite, allowance - black), black };
}

/** What the day's share is computed from. */
export interface NewDay {
  /** The allowance of New items a day, both colours together. */
  perDay: number;
  /** New items answered today (their first answer), per colour. */
  answered: Record<Color, number>;
  /** Positions never answered now (the whole deck, not only today's), per colour. */
  toLearn: Record<Color, number>;
}

/**
 * Each colour's share of the whole day. It is taken from the positions left when the day began (those
 * left now and those learnt today), so it holds all day while the player learns.
 */
export const newShareOfDay = ({ perDay, answered, toLearn }: NewDay): Record<Color, number> =>
  shareNew(perDay, toLearn.white + answered.white, toLearn.black + answered.black);

/** New items the colour may still be served today: its share less what it answered, within the day's allowance. */
export function newLeftToday(color: Color, day: NewDay): number {
  const share = newShareOfDay(day)[color];
  const dayLeft = day.perDay - day.answered.white - day.answered.black;
  return Math.max(0, Math.min(dayLeft, share - day.answered[color]));
}
