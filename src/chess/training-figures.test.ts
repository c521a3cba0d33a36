import { describe, expect, test } from 'vitest';
import { activeDatesOfBuckets, forecastOfBuckets, retentionOfBuckets, streakDays } from './training-figures';

describe('training figures', () => {
  test.each([
    [[], 0],
    [['2026-03-02'], 1],
    [['2026-03-01'], 1],
    [['2026-02-28', '2026-03-01', '2026-03-02'], 3],
    [['2026-02-27', '2026-03-01', '2026-03-02'], 2],
    [['2026-02-28', '2026-03-01'], 2],
    [['2026-02-28'], 0],
  ])('days trained %j make a streak of %i on 2026-03-02', (dates, streak) => {
    expect(streakDays(new Set(dates), '2026-03-02')).toBe(streak);
  });

  test('a streak runs across a month end', () => {
    expect(streakDays(new Set(['2026-02-27', '2026-02-28', '2026-03-01']), '2026-03-01')).toBe(3);
  });

  test('buckets become dates, out-of-range buckets are dropped', () => {
    expect([...activeDatesOfBuckets('2026-03-01', [0, 1, 3, 5], 4)]).toEqual(['2026-03-01', '2026-03-03']);
  });

  test('the forecast puts overdue items on today and one row a day after it', () => {
    const forecast = forecastOfBuckets(
      '2026-03-30',
      new Map([
        [0, 4],
        [1, 1],
        [3, 2],
      ]),
      new Map([[2, 5]]),
      4,
    );
    expect(forecast).toEqual([
      { date: '2026-03-30', cards: 5, drill: 0 },
      { date: '2026-03-31', cards: 0, drill: 5 },
      { date: '2026-04-01', cards: 2, drill: 0 },
      { date: '2026-04-02', cards: 0, drill: 0 },
    ]);
  });

  test('retention is the share not rated Again, null for a week without reviews', () => {
    const weeks = retentionOfBuckets(
      '2026-02-16',
      new Map([
        [1, { reviews: 4, again: 1 }],
        [3, { reviews: 2, again: 2 }],
      ]),
      3,
    );
    expect(weeks).toEqual([
      { week: '2026-02-16', reviews: 4, rightFirstTime: 0.75 },
      { week: '2026-02-23', reviews: 0, rightFirstTime: null },
      { week: '2026-03-02', reviews: 2, rightFirstTime: 0 },
    ]);
  });
});
