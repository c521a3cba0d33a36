import { expect, test } from 'vitest';
import { intervalLabel } from './scheduling-interval-label';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test.each([
  [30_000, '<1m'],
  [MINUTE, '1m'],
  [5 * MINUTE, '5m'],
  [10 * MINUTE, '10m'],
  [90 * MINUTE, '1.5h'],
  [DAY, '1d'],
  [3 * DAY, '3d'],
  [29 * DAY, '29d'],
  [60 * DAY, '2mo'],
  [45 * DAY, '1.5mo'],
  [365 * DAY, '1y'],
  [1000 * DAY, '2.7y'],
  [36500 * DAY, '100y'],
])('%i ms reads %s', (ms, label) => {
  expect(intervalLabel(ms)).toBe(label);
});
