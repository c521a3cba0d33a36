// Spaced-repetition scheduling of flashcards with ts-fsrs 4.x (FSRS-5), short-term steps on.
// Pure: the clock is a parameter. Card dates are ISO strings (see scheduling-types.ts).
// Example:
//   const card = newCard(content, now);                          // New, due now
//   const { card: next, log } = reviewCard(card, Rating.Good, now).unwrap();
//   // next.state === State.Learning, next.due is now + 10 minutes
import { Result } from '@badrap/result';
import type { Card as FsrsCard, RecordLogItem } from 'ts-fsrs';
import { createEmptyCard } from 'ts-fsrs';
import { intervalLabel } from './scheduling-interval-label';
import { type Scheduler, SchedulingError, defaultScheduler } from './scheduling-parameters';
import {
  type Card,
  type CardContent,
  type CardSchedule,
  type Grade,
  type Rating,
  type RatingName,
  type ReviewLog,
  GRADES,
  Rating as Ratings,
  isGrade,
  isState,
} from './scheduling-types';

export * from './scheduling-types';
export * from './scheduling-parameters';
export { intervalLabel } from './scheduling-interval-label';

export interface Reviewed<C extends CardSchedule> {
  card: C;
  log: ReviewLog;
}

export interface IntervalPreview {
  rating: Grade;
  name: Exclude<RatingName, 'Manual'>;
  /** ISO date-time the card would be due. */
  due: string;
  /** Short label for the button, e.g. '10m', '3d', '2mo'. */
  label: string;
}

/** A New card with ts-fsrs's empty schedule, due at `now`. */
export function newCard(content: CardContent, now: Date): Card {
  return { ...content, ...toSchedule(createEmptyCard(now)) };
}

/** Schedules one review; refuses Manual and anything not Again..Easy. Keeps the card's other fields. */
export function reviewCard<C extends CardSchedule>(
  card: C,
  rating: Rating,
  now: Date,
  scheduler: Scheduler = defaultScheduler,
): Result<Reviewed<C>, SchedulingError> {
  if (rating === Ratings.Manual) {
    return Result.err(new SchedulingError('manual_rating', 'A Manual rating cannot be used for a normal review'));
  }
  if (!isGrade(rating)) {
    return Result.err(
      new SchedulingError(
        'invalid_rating',
        `Rating must be Again (1), Hard (2), Good (3) or Easy (4) (got ${String(rating)})`,
      ),
    );
  }
  return toFsrsCard(card, now).map((fsrsCard) => {
    const item = scheduler.engine.next(fsrsCard, now, rating);
    return fromItem(card, item);
  });
}

/** What each of Again, Hard, Good and Easy would set, in button order. */
export function previewIntervals(
  card: CardSchedule,
  now: Date,
  scheduler: Scheduler = defaultScheduler,
): Result<IntervalPreview[], SchedulingError> {
  return toFsrsCard(card, now).map((fsrsCard) => {
    const preview = scheduler.engine.repeat(fsrsCard, now);
    return GRADES.map((rating) => {
      const due = preview[rating].card.due;
      return {
        rating,
        name: GRADE_NAMES[rating],
        due: due.toISOString(),
        label: intervalLabel(due.getTime() - now.getTime()),
      };
    });
  });
}

/** True when the card's due date is at or before `now`. */
export function isDue(card: Pick<CardSchedule, 'due'>, now: Date): boolean {
  return Date.parse(card.due) <= now.getTime();
}

const GRADE_NAMES = {
  [Ratings.Again]: 'Again',
  [Ratings.Hard]: 'Hard',
  [Ratings.Good]: 'Good',
  [Ratings.Easy]: 'Easy',
} as const satisfies Record<Grade, Exclude<RatingName, 'Manual'>>;

function parseDate(value: string, field: string): Result<Date, SchedulingError> {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms)
    ? Result.err(new SchedulingError('invalid_date', `Card ${field} is not a valid date: ${String(value)}`))
    : Result.ok(new Date(ms));
}

const COUNTS = ['stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'reps', 'lapses'] as const;

function toFsrsCard(card: CardSchedule, now: Date): Result<FsrsCard, SchedulingError> {
  if (Number.isNaN(now.getTime())) {
    return Result.err(new SchedulingError('invalid_date', 'The review time is not a valid date'));
  }
  if (!isState(card.state)) {
    return Result.err(
      new SchedulingError('invalid_card', `Card state must be 0, 1, 2 or 3 (got ${String(card.state)})`),
    );
  }
  const bad = COUNTS.find((k) => typeof card[k] !== 'number' || !Number.isFinite(card[k]) || card[k] < 0);
  if (bad) {
    return Result.err(
      new SchedulingError('invalid_card', `Card ${bad} must be a non-negative number (got ${String(card[bad])})`),
    );
  }
  return parseDate(card.due, 'due').chain((due) => {
    const base: FsrsCard = {
      due,
      stability: card.stability,
      difficulty: card.difficulty,
      elapsed_days: card.elapsed_days,
      scheduled_days: card.scheduled_days,
      reps: card.reps,
      lapses: card.lapses,
      state: card.state,
    };
    if (card.last_review === undefined || card.last_review === null) return Result.ok(base);
    return parseDate(card.last_review, 'last_review').map((last_review) => ({ ...base, last_review }));
  });
}

function toSchedule(card: FsrsCard): CardSchedule {
  const schedule: CardSchedule = {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
  };
  if (card.last_review) schedule.last_review = card.last_review.toISOString();
  return schedule;
}

function fromItem<C extends CardSchedule>(card: C, item: RecordLogItem): Reviewed<C> {
  const { log } = item;
  return {
    card: { ...card, ...toSchedule(item.card) },
    log: {
      rating: log.rating,
      state: log.state,
      due: log.due.toISOString(),
      stability: log.stability,
      difficulty: log.difficulty,
      elapsed_days: log.elapsed_days,
      last_elapsed_days: log.last_elapsed_days,
      scheduled_days: log.scheduled_days,
      review: log.review.toISOString(),
    },
  };
}
