import type { CardSchedule, ReviewLog, State } from '../../chess/scheduling.js';

/**
 * The one mapping between an FSRS schedule (ts-fsrs's snake_case fields, dates as ISO strings) and
 * the database columns that hold it (camelCase, dates as Date). Cards and drill items store the same
 * schedule columns; review logs and drill logs the same log columns. Example:
 *   scheduleToColumns({ due: '2026-01-02T00:00:00.000Z', elapsed_days: 1, ... })
 *     -> { due: Date(2026-01-02), elapsedDays: 1, ..., lastReview: null }
 */

/** The schedule columns of `cards` and `drill_items`. */
export interface ScheduleColumns {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

/** The columns of `review_logs` and `drill_logs` that hold a ts-fsrs log. */
export interface LogColumns {
  rating: number;
  state: number;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  lastElapsedDays: number;
  scheduledDays: number;
  review: Date;
}

/** A schedule whose last review may also be given as null (as the export file writes it). */
type ScheduleInput = Omit<CardSchedule, 'last_review'> & { last_review?: string | null };

export function scheduleToColumns(schedule: ScheduleInput): ScheduleColumns {
  return {
    due: new Date(schedule.due),
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    elapsedDays: schedule.elapsed_days,
    scheduledDays: schedule.scheduled_days,
    reps: schedule.reps,
    lapses: schedule.lapses,
    state: schedule.state,
    lastReview: schedule.last_review ? new Date(schedule.last_review) : null,
  };
}

/** The stored schedule; `last_review` is absent for a card never reviewed. */
export function scheduleFromColumns(row: ScheduleColumns): CardSchedule {
  const schedule: CardSchedule = {
    due: row.due.toISOString(),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
  };
  if (row.lastReview) schedule.last_review = row.lastReview.toISOString();
  return schedule;
}

export function logToColumns(log: ReviewLog): LogColumns {
  return {
    rating: log.rating,
    state: log.state,
    due: new Date(log.due),
    stability: log.stability,
    difficulty: log.difficulty,
    elapsedDays: log.elapsed_days,
    lastElapsedDays: log.last_elapsed_days,
    scheduledDays: log.scheduled_days,
    review: new Date(log.review),
  };
}

export function logFromColumns(row: LogColumns): ReviewLog {
  return {
    rating: row.rating as ReviewLog['rating'],
    state: row.state as State,
    due: row.due.toISOString(),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    last_elapsed_days: row.lastElapsedDays,
    scheduled_days: row.scheduledDays,
    review: row.review.toISOString(),
  };
}
