// A player's review history as the FSRS optimizer reads it, and how well a set of weights predicts
// it. Pure: reviews come in as data.
// Example:
//   const histories = reviewHistories([{ key: 'c1', rating: 3, state: 0, review: '2026-01-01T10:00:00Z' }, ...]);
//   trainingItems(histories)           // [[[3, 0], [3, 2]], ...]: (rating, days since the previous review)
//   predictedRecall(histories, scheduler)   // { reviews, actual, predicted }

import type { Card as FsrsCard } from 'ts-fsrs';
import { createEmptyCard, dateDiffInDays } from 'ts-fsrs';
import type { Scheduler } from './scheduling-parameters';
import { type Grade, State, isGrade } from './scheduling-types';

/** Reviews needed before the schedule can be fitted to the player. */
export const OPTIMISE_MIN_REVIEWS = 400;

export interface ReviewEvent {
  /** The card or drill item reviewed (e.g. 'card:abc', 'drill:12'). */
  key: string;
  /** 1..4; other ratings (Manual) are left out. */
  rating: number;
  /** The card's state before the review. */
  state: number;
  /** ISO date-time or Date. */
  review: string | Date;
}

export interface ReviewStep {
  rating: Grade;
  at: Date;
  /** Whole UTC calendar days since the previous review (0 for the first), as ts-fsrs counts them. */
  days: number;
}

/**
 * Each card's reviews in time order, from its first review as a New card. Cards whose history does not
 * start New (imported with a schedule, or reset by hand) are left out: the optimizer needs the whole story.
 */
export function reviewHistories(events: readonly ReviewEvent[]): ReviewStep[][] {
  const byKey = new Map<string, { rating: Grade; at: Date; state: number }[]>();
  for (const event of events) {
    if (!isGrade(event.rating)) continue;
    const at = new Date(event.review);
    if (Number.isNaN(at.getTime())) continue;
    let list = byKey.get(event.key);
    if (!list) byKey.set(event.key, (list = []));
    list.push({ rating: event.rating, at, state: event.state });
  }
  const histories: ReviewStep[][] = [];
  for (const list of byKey.values()) {
    list.sort((a, b) => a.at.getTime() - b.at.getTime());
    if (list[0].state !== State.New) continue;
    histories.push(
      list.map((step, i) => ({
        rating: step.rating,
        at: step.at,
        days: i === 0 ? 0 : Math.max(0, dateDiffInDays(list[i - 1].at, step.at)),
      })),
    );
  }
  // First reviewed first, whatever order the rows came in.
  return histories.sort((a, b) => a[0].at.getTime() - b[0].at.getTime());
}

/** Reviews in the histories. */
export const reviewCount = (histories: readonly ReviewStep[][]): number =>
  histories.reduce((sum, history) => sum + history.length, 0);

/**
 * The optimizer's training items: for each review after a card's first, the card's reviews up to and
 * including it, as [rating, days since the previous review]. Items with no review a day or more after
 * the one before are left out: the optimizer cannot learn from them (and aborts the process on them).
 */
export function trainingItems(histories: readonly ReviewStep[][]): [Grade, number][][] {
  const items: [Grade, number][][] = [];
  for (const history of histories) {
    const steps = history.map((step): [Grade, number] => [step.rating, step.days]);
    const firstApart = steps.findIndex(([, days], i) => i > 0 && days > 0);
    if (firstApart < 0) continue;
    for (let end = firstApart + 1; end <= steps.length; end++) items.push(steps.slice(0, end));
  }
  return items;
}

export interface RecallFit {
  /** Reviews a day or more after the previous one: the ones a forgetting curve speaks about. */
  reviews: number;
  /** 0..1: share of them not rated Again. */
  actual: number;
  /** 0..1: mean recall probability the weights gave them. */
  predicted: number;
}

/**
 * Replays each history with the scheduler's weights and compares the recall it predicted before each
 * review (a day or more after the previous) with what happened. Undefined without such reviews.
 */
export function predictedRecall(histories: readonly ReviewStep[][], scheduler: Scheduler): RecallFit | undefined {
  let reviews = 0;
  let recalled = 0;
  let predicted = 0;
  for (const history of histories) {
    let card: FsrsCard = createEmptyCard(history[0].at);
    for (const step of history) {
      if (card.state !== State.New && step.days >= 1) {
        reviews++;
        if (step.rating !== 1) recalled++;
        predicted += scheduler.engine.get_retrievability(card, step.at, false);
      }
      card = scheduler.engine.next(card, step.at, step.rating).card;
    }
  }
  if (reviews === 0) return undefined;
  return { reviews, actual: recalled / reviews, predicted: predicted / reviews };
}

/**
 * The app's 19 FSRS-5 weights from the optimizer's answer. The optimizer fits FSRS-6 (21 weights); its
 * first 19 mean what FSRS-5's 19 mean, and the two it adds (a short-term stability exponent and the
 * forgetting curve's decay) have no place in FSRS-5, so they are dropped. Undefined for anything else.
 */
export function appWeights(fitted: readonly number[]): number[] | undefined {
  if (fitted.length !== 19 && fitted.length !== 21) return undefined;
  const weights = fitted.slice(0, 19);
  return weights.every((w) => typeof w === 'number' && Number.isFinite(w)) ? weights : undefined;
}
