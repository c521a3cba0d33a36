import { generatorParameters } from 'ts-fsrs';
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_WEIGHTS,
  MAXIMUM_INTERVAL,
  REQUEST_RETENTION,
  defaultScheduler,
  makeScheduler,
  migrateWeights,
  reviewScreenScheduler,
} from './scheduling-parameters';
import { newCard, previewIntervals, reviewCard, Rating, State } from './scheduling';

// FSRS-4.5 default weights, as stored by apps that predate FSRS-5.
const FSRS_45_WEIGHTS = [
  0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474, 0.1367, 1.0461, 2.1072, 0.0793, 0.3246, 1.587,
  0.2272, 2.8755,
];

const T0 = new Date('2024-03-01T12:00:00.000Z');
const content = {
  id: 'c',
  userId: 'u',
  prompt: '',
  promptFen: '',
  promptPgn: '',
  answer: '',
  answerFen: '',
  answerPgn: '',
  orientation: 'black' as const,
};

describe('default scheduler', () => {
  test('uses retention 0.9, 36500 days, 19 FSRS-5 weights, fuzz off, short-term on', () => {
    expect(defaultScheduler.parameters).toEqual({
      requestRetention: 0.9,
      maximumInterval: 36500,
      weights: [...DEFAULT_WEIGHTS],
      enableFuzz: false,
      enableShortTerm: true,
    });
    expect(REQUEST_RETENTION).toBe(0.9);
    expect(MAXIMUM_INTERVAL).toBe(36500);
    expect(DEFAULT_WEIGHTS).toHaveLength(19);
    expect(defaultScheduler.engine.parameters).toMatchObject({
      request_retention: 0.9,
      maximum_interval: 36500,
      enable_fuzz: false,
      enable_short_term: true,
    });
  });

  test('the review screen scheduler differs only in its 1000-day maximum interval', () => {
    expect(reviewScreenScheduler.parameters).toEqual({
      ...defaultScheduler.parameters,
      maximumInterval: 1000,
    });
  });
});

describe('requested retention', () => {
  test.each([0, -0.1, 1.0001, 2, NaN, Infinity])('%s is rejected', (requestRetention) => {
    const result = makeScheduler({ requestRetention });
    expect(result.isErr).toBe(true);
    if (result.isErr) {
      expect(result.error.code).toBe('invalid_retention');
      expect(result.error.message).toMatch(/greater than 0 and at most 1/);
    }
  });

  test.each([1, 0.9, 0.7, 0.0001])('%s is accepted', (requestRetention) => {
    const scheduler = makeScheduler({ requestRetention }).unwrap();
    expect(scheduler.parameters.requestRetention).toBe(requestRetention);
    expect(scheduler.engine.parameters.request_retention).toBe(requestRetention);
  });

  test('a lower retention gives longer intervals', () => {
    const easyDays = (requestRetention: number) =>
      reviewCard(newCard(content, T0), Rating.Easy, T0, makeScheduler({ requestRetention }).unwrap()).unwrap().card
        .scheduled_days;
    expect(easyDays(0.8)).toBeGreaterThan(easyDays(0.9));
  });
});

describe('maximum interval', () => {
  test.each([0, -5, 1.5, 36501, NaN])('%s days is rejected', (maximumInterval) => {
    const result = makeScheduler({ maximumInterval });
    expect(result.isErr && result.error.code).toBe('invalid_maximum_interval');
  });
});

describe('weights', () => {
  test('19 weights are used as given', () => {
    const weights = [...DEFAULT_WEIGHTS];
    weights[0] = 0.5;
    expect(makeScheduler({ weights }).unwrap().parameters.weights).toEqual(weights);
  });

  test("17 weights are upgraded to 19 by ts-fsrs's own migration", () => {
    const upgraded = migrateWeights(FSRS_45_WEIGHTS).unwrap();
    expect(upgraded).toHaveLength(19);
    expect(upgraded).toEqual(generatorParameters({ w: FSRS_45_WEIGHTS }).w);
    // FSRS-5's new D0 formula: w4 = w4 + 2 w5, w5 = ln(3 w5 + 1) / 3, w6 += 0.5, w17 = w18 = 0.
    expect(upgraded[4]).toBeCloseTo(5.1618 + 2 * 1.2298, 6);
    expect(upgraded[5]).toBeCloseTo(Math.log(3 * 1.2298 + 1) / 3, 6);
    expect(upgraded[6]).toBeCloseTo(0.8975 + 0.5, 6);
    expect(upgraded.slice(17)).toEqual([0, 0]);
    expect(upgraded.slice(0, 4)).toEqual(FSRS_45_WEIGHTS.slice(0, 4));
  });

  test('a scheduler made from 17 weights keeps the 1, 5 and 10 minute steps', () => {
    const scheduler = makeScheduler({ weights: FSRS_45_WEIGHTS }).unwrap();
    expect(scheduler.parameters.weights).toHaveLength(19);
    const labels = previewIntervals(newCard(content, T0), T0, scheduler)
      .unwrap()
      .map((p) => p.label);
    expect(labels.slice(0, 3)).toEqual(['1m', '5m', '10m']);
    const easy = reviewCard(newCard(content, T0), Rating.Easy, T0, scheduler).unwrap().card;
    expect(easy.state).toBe(State.Review);
    expect(easy.scheduled_days).toBe(14);
  });

  test.each([0, 16, 18, 20, 21])('%s weights are rejected', (length) => {
    const result = migrateWeights(Array.from({ length }, () => 1));
    expect(result.isErr && result.error.code).toBe('invalid_weights');
    expect(makeScheduler({ weights: Array.from({ length }, () => 1) }).isErr).toBe(true);
  });

  test('a weight that is not a finite number is rejected', () => {
    const weights = [...DEFAULT_WEIGHTS];
    weights[3] = NaN;
    const result = makeScheduler({ weights });
    expect(result.isErr && result.error.message).toBe('Scheduler weight 4 is not a finite number');
  });
});
