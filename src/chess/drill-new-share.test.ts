import { describe, expect, test } from 'vitest';
import { newLeftToday, newShareOfDay, shareNew, type NewDay } from './drill-new-share.js';

const day = (perDay: number, answered: [number, number], toLearn: [number, number]): NewDay => ({
  perDay,
  answered: { white: answered[0], black: answered[1] },
  toLearn: { white: toLearn[0], black: toLearn[1] },
});

describe('the New allowance between colours', () => {
  test.each([
    [10, 300, 100, { white: 8, black: 2 }],
    [10, 100, 100, { white: 5, black: 5 }],
    [10, 0, 40, { white: 0, black: 10 }],
    [10, 3, 40, { white: 1, black: 9 }],
    [10, 40, 3, { white: 9, black: 1 }],
    [10, 1, 200, { white: 1, black: 9 }],
    [1, 1, 200, { white: 0, black: 1 }],
    [10, 200, 2, { white: 9, black: 1 }],
    [20, 2000, 5, { white: 19, black: 1 }],
    [10, 2, 3, { white: 2, black: 3 }],
    [10, 5, 1, { white: 5, black: 1 }],
    [0, 5, 5, { white: 0, black: 0 }],
    [20, 0, 0, { white: 0, black: 0 }],
  ])('%i New a day with %i White and %i Black left to learn -> %j', (allowance, white, black, expected) => {
    expect(shareNew(allowance, white, black)).toEqual(expected);
  });

  test('the shares never add up to more than the allowance nor give a colour more than it has left', () => {
    const wrong: string[] = [];
    for (let allowance = 0; allowance <= 25; allowance++) {
      for (let white = 0; white <= 30; white++) {
        for (let black = 0; black <= 30; black++) {
          const share = shareNew(allowance, white, black);
          const fits = share.white <= white && share.black <= black;
          if (!fits || share.white + share.black !== Math.min(allowance, white + black)) {
            wrong.push(`${allowance} ${white} ${black} -> ${share.white} ${share.black}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test('the share is of the whole day: positions learnt today still count for their colour', () => {
    // 300 White and 100 Black left when the day began; 6 White learnt since.
    expect(newShareOfDay(day(10, [6, 0], [294, 100]))).toEqual({ white: 8, black: 2 });
  });

  test.each([
    ['nothing answered yet', 'white', day(10, [0, 0], [300, 100]), 8],
    ['nothing answered yet', 'black', day(10, [0, 0], [300, 100]), 2],
    ["White's share used up: Black's stays", 'white', day(10, [8, 0], [292, 100]), 0],
    ["White's share used up: Black's stays", 'black', day(10, [8, 0], [292, 100]), 2],
    ['part of the share used', 'white', day(10, [3, 1], [297, 99]), 5],
    ['no Black study: White has the whole day', 'white', day(20, [5, 0], [95, 0]), 15],
    ['White runs out of positions: Black has the rest', 'black', day(10, [2, 0], [0, 100]), 8],
    ['White has nothing left at all: Black has the day', 'black', day(10, [0, 0], [0, 100]), 10],
    ['more answered than the share (the setting was lowered)', 'white', day(4, [6, 0], [294, 100]), 0],
    ['the day used up by the other colour', 'black', day(4, [4, 0], [296, 100]), 0],
  ] as const)('%s: %s may still learn %j -> %i', (_why, color, newDay, expected) => {
    expect(newLeftToday(color, newDay)).toBe(expected);
  });
});
