import { computeParameters, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import {
  appWeights,
  predictedRecall,
  reviewHistories,
  trainingItems,
  type RecallFit,
  type ReviewEvent,
} from '../../chess/review-history.js';
import { defaultScheduler, makeScheduler, migrateWeights } from '../../chess/scheduling.js';

/**
 * Fits FSRS weights to a review history with the FSRS optimizer (fsrs-rs) and measures how well the
 * standard and the fitted weights predict it. Seconds of CPU for a long history: it runs in a worker
 * thread (optimise-worker.ts), never on the server's own.
 */

export type FitOutcome =
  { ok: true; weights: number[]; before: RecallFit; after: RecallFit } | { ok: false; message: string };

export async function fitSchedule(events: readonly ReviewEvent[]): Promise<FitOutcome> {
  const histories = reviewHistories(events);
  const steps = trainingItems(histories);
  if (steps.length === 0) {
    return {
      ok: false,
      message: 'Your reviews are all on the same day as the one before: nothing to fit yet, nothing was changed.',
    };
  }
  const items = steps.map(
    (item) => new FSRSBindingItem(item.map(([rating, days]) => new FSRSBindingReview(rating, days))),
  );
  let raw: number[];
  try {
    raw = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `Your review history could not be fitted (${reason}): nothing was changed.` };
  }
  const weights = appWeights(raw);
  // Kept as the scheduler uses them: within ts-fsrs's ranges.
  const usable = weights && migrateWeights(weights);
  if (!usable || usable.isErr)
    return { ok: false, message: 'The optimizer gave no usable weights: nothing was changed.' };
  const before = predictedRecall(histories, defaultScheduler);
  const after = predictedRecall(histories, makeScheduler({ weights: usable.value }).unwrap());
  if (!before || !after) {
    return { ok: false, message: 'Your history has no reviews a day or more apart yet: nothing was changed.' };
  }
  return { ok: true, weights: usable.value, before, after };
}
