import { describe, expect, test } from 'vitest';
import { alternate, shareNew } from './new-share';

describe('the New allowance between colours', () => {
  test.each([
    [10, 300, 100, { white: 8, black: 2 }],
    [10, 100, 100, { white: 5, black: 5 }],
    [10, 0, 40, { white: 0, black: 10 }],
    [10, 3, 40, { white: 1, black: 9 }],
    [10, 40, 3, { white: 9, black: 1 }],
    [10, 1, 200, { white: 0, black: 10 }],
    [10, 200, 2, { white: 10, black: 0 }],
    [10, 2, 3, { white: 2, black: 3 }],
    [10, 5, 1, { white: 5, black: 1 }],
    [0, 5, 5, { white: 0, black: 0 }],
  ])('%i New a day with %i White and %i Black left to learn -> %j', (allowance, white, black, expected) => {
    expect(shareNew(allowance, white, black)).toEqual(expected);
  });

  test('the colours take turns', () => {
    expect(alternate(['w1', 'w2', 'w3'], ['b1'])).toEqual(['w1', 'b1', 'w2', 'w3']);
  });
});
