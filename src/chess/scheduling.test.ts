import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type Card,
  type CardContent,
  type CardSchedule,
  type Grade,
  type Rating as RatingValue,
  Rating,
  State,
  defaultScheduler,
  isDue,
  newCard,
  previewIntervals,
  reviewCard,
  reviewScreenScheduler,
} from './scheduling';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = new Date('2024-03-01T12:00:00.000Z');
const at = (base: Date | string, ms: number) => new Date(new Date(base).getTime() + ms);
const minutesAfter = (due: string, from: Date) => (Date.parse(due) - from.getTime()) / MINUTE;
const daysAfter = (due: string, from: Date) => (Date.parse(due) - from.getTime()) / DAY;

const content: CardContent = {
  id: 'card-1',
  userId: 'user-1',
  prompt: 'White to play and win material',
  promptFen: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
  promptPgn: '1. e4 e5 2. Nf3 Nc6',
  answer: 'Bb5 pins nothing yet; develop',
  answerFen: 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3',
  answerPgn: '1. e4 e5 2. Nf3 Nc6 3. Bb5',
  orientation: 'white',
};

function review(card: Card, rating: RatingValue, now: Date): Card {
  return reviewCard(card, rating, now).unwrap().card;
}

/** New -> Good (Learning) -> Good 10 minutes later (Review, due in days). */
function reviewStateCard(): Card {
  const learning = review(newCard(content, T0), Rating.Good, T0);
  return review(learning, Rating.Good, new Date(learning.due));
}

function learningCard(first: Grade): Card {
  return review(newCard(content, T0), first, T0);
}

function relearningCard(): Card {
  const card = reviewStateCard();
  return review(card, Rating.Again, new Date(card.due));
}

describe('newCard', () => {
  test('a new card keeps its content and has the empty FSRS schedule, due now', () => {
    const card = newCard(content, T0);
    expect(card).toEqual({
      ...content,
      due: '2024-03-01T12:00:00.000Z',
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      reps: 0,
      lapses: 0,
      state: State.New,
    });
    expect('last_review' in card).toBe(false);
    expect(isDue(card, T0)).toBe(true);
    expect(isDue(card, at(T0, -1))).toBe(false);
  });
});

describe('a New card', () => {
  test.each([
    ['Again', 1, Rating.Again],
    ['Hard', 5, Rating.Hard],
    ['Good', 10, Rating.Good],
  ] as const)('%s gives Learning due in %i minutes', (_name, minutes, rating) => {
    const { card, log } = reviewCard(newCard(content, T0), rating, T0).unwrap();
    expect(card.state).toBe(State.Learning);
    expect(minutesAfter(card.due, T0)).toBe(minutes);
    expect(card.scheduled_days).toBe(0);
    expect(card.reps).toBe(1);
    expect(card.lapses).toBe(0);
    expect(card.last_review).toBe(T0.toISOString());
    expect(log).toMatchObject({ rating, state: State.New, review: T0.toISOString() });
  });

  test('Easy goes to Review with an interval in whole days', () => {
    const card = review(newCard(content, T0), Rating.Easy, T0);
    expect(card.state).toBe(State.Review);
    expect(card.scheduled_days).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(card.scheduled_days)).toBe(true);
    expect(daysAfter(card.due, T0)).toBe(card.scheduled_days);
    // FSRS-5 default weights: initial Easy stability 15.69 days at 90% retention.
    expect(card.scheduled_days).toBe(16);
  });
});

describe.each([
  ['Learning (after Again)', () => learningCard(Rating.Again), State.Learning],
  ['Learning (after Hard)', () => learningCard(Rating.Hard), State.Learning],
  ['Learning (after Good)', () => learningCard(Rating.Good), State.Learning],
  ['Relearning', relearningCard, State.Relearning],
] as const)('a %s card', (_name, make, state) => {
  const start = make();
  const now = new Date(start.due);

  test('starts in the expected state', () => {
    expect(start.state).toBe(state);
  });

  test('Again stays in its state, due in 5 minutes', () => {
    const card = review(start, Rating.Again, now);
    expect(card.state).toBe(state);
    expect(minutesAfter(card.due, now)).toBe(5);
    expect(card.scheduled_days).toBe(0);
  });

  test('Hard stays in its state, due in 10 minutes', () => {
    const card = review(start, Rating.Hard, now);
    expect(card.state).toBe(state);
    expect(minutesAfter(card.due, now)).toBe(10);
    expect(card.scheduled_days).toBe(0);
  });

  test('Good goes to Review with an interval in days, Easy at least one day longer', () => {
    const good = review(start, Rating.Good, now);
    const easy = review(start, Rating.Easy, now);
    expect(good.state).toBe(State.Review);
    expect(easy.state).toBe(State.Review);
    expect(good.scheduled_days).toBeGreaterThanOrEqual(1);
    expect(daysAfter(good.due, now)).toBe(good.scheduled_days);
    expect(daysAfter(easy.due, now)).toBe(easy.scheduled_days);
    expect(easy.scheduled_days).toBeGreaterThanOrEqual(good.scheduled_days + 1);
  });

  test('lapses are unchanged and reps grow by one', () => {
    for (const rating of [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const) {
      const card = review(start, rating, now);
      expect(card.lapses).toBe(start.lapses);
      expect(card.reps).toBe(start.reps + 1);
    }
  });
});

describe('a Review card', () => {
  const start = reviewStateCard();
  const now = new Date(start.due);

  test('Again goes to Relearning, due in 5 minutes, with one more lapse', () => {
    expect(start.state).toBe(State.Review);
    const card = review(start, Rating.Again, now);
    expect(card.state).toBe(State.Relearning);
    expect(minutesAfter(card.due, now)).toBe(5);
    expect(card.lapses).toBe(start.lapses + 1);
    expect(card.reps).toBe(start.reps + 1);
  });

  test('Hard, Good and Easy stay Review with strictly increasing intervals', () => {
    const [hard, good, easy] = ([Rating.Hard, Rating.Good, Rating.Easy] as const).map((r) => review(start, r, now));
    for (const card of [hard, good, easy]) {
      expect(card.state).toBe(State.Review);
      expect(card.lapses).toBe(start.lapses);
      expect(daysAfter(card.due, now)).toBe(card.scheduled_days);
    }
    expect(hard.scheduled_days).toBeLessThanOrEqual(good.scheduled_days - 1);
    expect(easy.scheduled_days).toBeGreaterThanOrEqual(good.scheduled_days + 1);
    // Reviewed on time after 4 days: 7, 14 and 34 days with the FSRS-5 defaults.
    expect([hard.scheduled_days, good.scheduled_days, easy.scheduled_days]).toEqual([7, 14, 34]);
  });

  test('the orderings hold for any memory state and review time', () => {
    const memory = fc.record({
      stability: fc.double({ min: 0.01, max: 36500, noNaN: true }),
      difficulty: fc.double({ min: 1, max: 10, noNaN: true }),
      daysSinceReview: fc.integer({ min: 0, max: 3000 }),
    });
    fc.assert(
      fc.property(memory, ({ stability, difficulty, daysSinceReview }) => {
        const lastReview = new Date('2020-01-01T08:00:00.000Z');
        const card: CardSchedule = {
          due: lastReview.toISOString(),
          stability,
          difficulty,
          elapsed_days: 3,
          scheduled_days: 3,
          reps: 5,
          lapses: 1,
          state: State.Review,
          last_review: lastReview.toISOString(),
        };
        const when = at(lastReview, daysSinceReview * DAY);
        const [again, hard, good, easy] = previewIntervals(card, when).unwrap();
        expect(minutesAfter(again.due, when)).toBe(5);
        expect(daysAfter(hard.due, when)).toBeLessThanOrEqual(daysAfter(good.due, when) - 1);
        expect(daysAfter(easy.due, when)).toBeGreaterThanOrEqual(daysAfter(good.due, when) + 1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('every review', () => {
  test('adds one to reps and records the elapsed days since the last review', () => {
    let card = newCard(content, T0);
    const times = [T0, at(T0, 10 * MINUTE), at(T0, 3 * DAY), at(T0, 10 * DAY)];
    const ratings = [Rating.Good, Rating.Good, Rating.Good, Rating.Hard] as const;
    const elapsed: number[] = [];
    const lastElapsed: number[] = [];
    times.forEach((now, i) => {
      const { card: next, log } = reviewCard(card, ratings[i], now).unwrap();
      expect(next.reps).toBe(i + 1);
      expect(next.last_review).toBe(now.toISOString());
      expect(log.elapsed_days).toBe(next.elapsed_days);
      elapsed.push(next.elapsed_days);
      lastElapsed.push(log.last_elapsed_days);
      card = next;
    });
    expect(elapsed).toEqual([0, 0, 3, 7]);
    expect(lastElapsed).toEqual([0, 0, 0, 3]);
  });

  test('elapsed days count UTC calendar days crossed, not 24-hour periods (ts-fsrs 4.x)', () => {
    const late = new Date('2024-03-01T23:50:00.000Z');
    const learning = review(newCard(content, late), Rating.Good, late);
    const nextDay = new Date('2024-03-02T00:10:00.000Z');
    expect(review(learning, Rating.Good, nextDay).elapsed_days).toBe(1);
  });

  test('logs the card as it was before the review', () => {
    const start = reviewStateCard();
    const now = at(start.due, 2 * DAY);
    const { log } = reviewCard(start, Rating.Good, now).unwrap();
    expect(log).toEqual({
      rating: Rating.Good,
      state: State.Review,
      due: start.last_review,
      stability: start.stability,
      difficulty: start.difficulty,
      elapsed_days: 6,
      last_elapsed_days: start.elapsed_days,
      scheduled_days: start.scheduled_days,
      review: now.toISOString(),
    });
  });

  test('keeps the card content and leaves the input card untouched', () => {
    const start = newCard(content, T0);
    const copy = structuredClone(start);
    const card = review(start, Rating.Good, T0);
    expect(card).toMatchObject(content);
    expect(start).toEqual(copy);
  });
});

describe('refused reviews', () => {
  test('a Manual rating cannot be used for a normal review', () => {
    const result = reviewCard(newCard(content, T0), Rating.Manual, T0);
    expect(result.isErr && result.error.code).toBe('manual_rating');
  });

  test.each([5, -1, 2.5, NaN])('rating %s is refused', (rating) => {
    const result = reviewCard(newCard(content, T0), rating as RatingValue, T0);
    expect(result.isErr && result.error.code).toBe('invalid_rating');
  });

  test.each([
    ['a due date that is not a date', { due: 'tomorrow' }, 'invalid_date'],
    ['a last review that is not a date', { last_review: '2024-13-45' }, 'invalid_date'],
    ['an unknown state', { state: 7 }, 'invalid_card'],
    ['a negative stability', { stability: -1 }, 'invalid_card'],
    ['a non-numeric reps', { reps: '2' }, 'invalid_card'],
  ])('a card with %s is refused', (_name, patch, code) => {
    const card = { ...newCard(content, T0), ...patch } as unknown as Card;
    const result = reviewCard(card, Rating.Good, T0);
    expect(result.isErr && result.error.code).toBe(code);
    expect(previewIntervals(card, T0).isErr).toBe(true);
  });

  test('an invalid clock is refused', () => {
    const result = reviewCard(newCard(content, T0), Rating.Good, new Date('nope'));
    expect(result.isErr && result.error.code).toBe('invalid_date');
  });
});

describe('previewIntervals', () => {
  test('a new card shows 1m, 5m, 10m and days for Easy', () => {
    const preview = previewIntervals(newCard(content, T0), T0).unwrap();
    expect(preview.map((p) => [p.name, p.label])).toEqual([
      ['Again', '1m'],
      ['Hard', '5m'],
      ['Good', '10m'],
      ['Easy', '16d'],
    ]);
  });

  test('each preview matches what reviewing with that rating sets', () => {
    const start = reviewStateCard();
    const now = at(start.due, DAY);
    for (const p of previewIntervals(start, now).unwrap()) {
      expect(p.due).toBe(review(start, p.rating, now).due);
    }
  });

  test('a review card shows minutes for Again and days or months otherwise', () => {
    const start = reviewStateCard();
    const labels = previewIntervals(start, new Date(start.due))
      .unwrap()
      .map((p) => p.label);
    expect(labels).toEqual(['5m', '7d', '14d', '1.1mo']);
  });
});

describe('the review screen scheduler (maximum interval 1000 days)', () => {
  const lastReview = '2020-01-01T00:00:00.000Z';
  const strong: CardSchedule = {
    due: '2028-01-01T00:00:00.000Z',
    stability: 3000,
    difficulty: 3,
    elapsed_days: 1000,
    scheduled_days: 1000,
    reps: 9,
    lapses: 0,
    state: State.Review,
    last_review: lastReview,
  };
  const now = new Date(strong.due);

  test('caps Hard at 1000 days where the default scheduler goes further', () => {
    const days = (scheduler: typeof defaultScheduler) =>
      previewIntervals(strong, now, scheduler)
        .unwrap()
        .map((p) => daysAfter(p.due, now));
    expect(days(defaultScheduler)[1]).toBeGreaterThan(1000);
    expect(days(reviewScreenScheduler)[1]).toBe(1000);
  });

  test('ts-fsrs 4.x keeps Good and Easy one day apart above the cap (1001 and 1002 days)', () => {
    const days = previewIntervals(strong, now, reviewScreenScheduler)
      .unwrap()
      .map((p) => daysAfter(p.due, now));
    expect(days.slice(1)).toEqual([1000, 1001, 1002]);
  });
});
