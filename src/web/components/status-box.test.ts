import { expect, test } from 'vitest';
import { MAX_DOTS, nextDotCount } from './status-box';

test('the dots grow one per tick and start again after nine', () => {
  const counts = [0];
  for (let tick = 0; tick < 12; tick++) counts.push(nextDotCount(counts[counts.length - 1]));
  expect(counts).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2]);
  expect(MAX_DOTS).toBe(9);
});
