import { describe, expect, test } from 'vitest';
import { appWeights, predictedRecall, reviewCount, reviewHistories, trainingItems } from './review-history';
import { DEFAULT_WEIGHTS, defaultScheduler } from './scheduling-parameters';

const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 0, 1 + day, hour)).toISOString();

describe('review history', () => {
  const events = [
    { key: 'card:a', rating: 3, state: 0, review: at(0) },
    { key: 'card:a', rating: 3, state: 1, review: at(0, 11) },
    { key: 'card:a', rating: 1, state: 2, review: at(3) },
    { key: 'card:a', rating: 0, state: 3, review: at(3, 12) },
    { key: 'drill:7', rating: 4, state: 0, review: at(1) },
    { key: 'drill:7', rating: 3, state: 2, review: at(9, 23) },
    // Imported with a schedule: its first known review is not from New.
    { key: 'card:b', rating: 3, state: 2, review: at(2) },
  ];

  test('each card from its first review as New, in time order, days as UTC calendar days', () => {
    const histories = reviewHistories([...events].reverse());
    expect(histories.map((h) => h.map((s) => [s.rating, s.days]))).toEqual([
      [
        [3, 0],
        [3, 0],
        [1, 3],
      ],
      [
        [4, 0],
        [3, 8],
      ],
    ]);
    expect(reviewCount(histories)).toBe(5);
  });

  test('one training item per review after the first, holding the reviews before it, once a day apart', () => {
    // The same-day second review of card a teaches nothing yet and is no item of its own.
    expect(trainingItems(reviewHistories(events))).toEqual([
      [
        [3, 0],
        [3, 0],
        [1, 3],
      ],
      [
        [4, 0],
        [3, 8],
      ],
    ]);
  });

  test('recall is compared on reviews a day or more apart', () => {
    const fit = predictedRecall(reviewHistories(events), defaultScheduler)!;
    expect(fit.reviews).toBe(2);
    expect(fit.actual).toBe(0.5);
    expect(fit.predicted).toBeGreaterThan(0.5);
    expect(fit.predicted).toBeLessThan(1);
    expect(predictedRecall(reviewHistories(events.slice(0, 2)), defaultScheduler)).toBeUndefined();
  });

  test("the optimizer's 21 weights become the app's 19; other lengths are refused", () => {
    const fitted = [...DEFAULT_WEIGHTS, 0.1, 0.2];
    expect(appWeights(fitted)).toEqual([...DEFAULT_WEIGHTS]);
    expect(appWeights([...DEFAULT_WEIGHTS])).toEqual([...DEFAULT_WEIGHTS]);
    expect(appWeights([1, 2, 3])).toBeUndefined();
    expect(appWeights([...DEFAULT_WEIGHTS.slice(0, 18), Number.NaN])).toBeUndefined();
  });
});
