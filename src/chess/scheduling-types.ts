// Flashcard and review-log shapes. The schedule and the log keep ts-fsrs's own field names
// (elapsed_days, scheduled_days, last_review...); the server maps the card's texts to the wire's names.
// Dates are ISO 8601 strings in UTC, e.g. due: '2024-03-01T12:00:00.000Z'; the scheduling
// functions take the clock as a Date and return cards whose dates are such strings.

/** Card state, numbered as ts-fsrs numbers them (stored and sent as these numbers). */
export const State = { New: 0, Learning: 1, Review: 2, Relearning: 3 } as const;
export type State = (typeof State)[keyof typeof State];
export const STATES: readonly State[] = [State.New, State.Learning, State.Review, State.Relearning];
export type StateName = keyof typeof State;

/** Review rating; Manual only marks rescheduled log rows and is refused for a normal review. */
export const Rating = { Manual: 0, Again: 1, Hard: 2, Good: 3, Easy: 4 } as const;
export type Rating = (typeof Rating)[keyof typeof Rating];
export const RATINGS: readonly Rating[] = [Rating.Manual, Rating.Again, Rating.Hard, Rating.Good, Rating.Easy];
export type RatingName = keyof typeof Rating;

/** The four ratings a player can give, in button order. */
export const GRADES = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const;
export type Grade = (typeof GRADES)[number];

export const ORIENTATIONS = ['white', 'black'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** What the player writes on a card: everything but its schedule. */
export interface CardContent {
  /** Client-generated unique id. */
  id: string;
  userId: string;
  prompt: string;
  promptFen: string;
  promptPgn: string;
  answer: string;
  answerFen: string;
  answerPgn: string;
  orientation: Orientation;
}

/** The FSRS memory state of a card. */
export interface CardSchedule {
  /** ISO date-time when the card is next due. */
  due: string;
  /** Days until recall probability falls to 90%; 0 for a new card. */
  stability: number;
  /** 1..10 once reviewed; 0 for a new card. */
  difficulty: number;
  /** Whole UTC calendar days between the last two reviews. */
  elapsed_days: number;
  /** Days of the interval set at the last review; 0 for minute steps. */
  scheduled_days: number;
  reps: number;
  lapses: number;
  state: State;
  /** ISO date-time of the last review; absent for a new card. */
  last_review?: string;
}

export interface Card extends CardContent, CardSchedule {}

/**
 * One review, as ts-fsrs logs it: state, stability, difficulty and scheduled_days are the card's
 * values before the review; due is the previous review (or the card's due date when new).
 */
export interface ReviewLog {
  rating: Rating;
  state: State;
  /** ISO date-time. */
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  last_elapsed_days: number;
  scheduled_days: number;
  /** ISO date-time of this review. */
  review: string;
}

export function isState(value: unknown): value is State {
  return typeof value === 'number' && (STATES as readonly number[]).includes(value);
}

export function isGrade(value: unknown): value is Grade {
  return typeof value === 'number' && (GRADES as readonly number[]).includes(value);
}
