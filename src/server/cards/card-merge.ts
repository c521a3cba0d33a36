import { Rating, type CardSchedule, type ReviewLog } from '../../chess/scheduling.js';
import type { Card, CardInput } from '@contract/cards.js';

/**
 * How an upsert merges what a client sends with the stored schedule, and how a schedule changed by
 * hand is logged. Pure: the repository reads and writes the rows around it.
 */

const DAY_MS = 86_400_000;

/** The schedule an upsert stores: each field sent wins, else the stored one, else a new card's. */
export function mergeSchedule(card: CardInput, before: Card | undefined, now: Date): CardSchedule {
  const base: CardSchedule = before ?? {
    due: now.toISOString(),
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    reps: 0,
    lapses: 0,
    state: 0,
  };
  const lastReview = card.last_review === undefined ? base.last_review : (card.last_review ?? undefined);
  const schedule: CardSchedule = {
    due: card.due ? new Date(card.due).toISOString() : base.due,
    stability: card.stability ?? base.stability,
    difficulty: card.difficulty ?? base.difficulty,
    elapsed_days: card.elapsed_days ?? base.elapsed_days,
    scheduled_days: card.scheduled_days ?? base.scheduled_days,
    reps: card.reps ?? base.reps,
    lapses: card.lapses ?? base.lapses,
    state: card.state ?? base.state,
  };
  if (lastReview) schedule.last_review = new Date(lastReview).toISOString();
  return schedule;
}

export function scheduleChanged(a: CardSchedule, b: CardSchedule): boolean {
  return (
    a.due !== b.due ||
    a.stability !== b.stability ||
    a.difficulty !== b.difficulty ||
    a.elapsed_days !== b.elapsed_days ||
    a.scheduled_days !== b.scheduled_days ||
    a.reps !== b.reps ||
    a.lapses !== b.lapses ||
    a.state !== b.state ||
    (a.last_review ?? null) !== (b.last_review ?? null)
  );
}

/** A log row for a schedule set by hand: the values before the change, as ts-fsrs logs them. */
export function manualLog(before: CardSchedule, now: Date): ReviewLog {
  return {
    rating: Rating.Manual,
    state: before.state,
    due: before.last_review ?? before.due,
    stability: before.stability,
    difficulty: before.difficulty,
    elapsed_days: before.last_review ? Math.floor((now.getTime() - Date.parse(before.last_review)) / DAY_MS) : 0,
    last_elapsed_days: before.elapsed_days,
    scheduled_days: before.scheduled_days,
    review: now.toISOString(),
  };
}
