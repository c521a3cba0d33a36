import { describe, expect, test } from 'vitest';
import { winChance, winChanceOf, whiteCentipawns } from './win-chance.js';

describe('win percentage', () => {
  test('an even position is 50, and the curve is symmetric', () => {
    expect(winChance(0)).toBe(50);
    expect(winChance(300) + winChance(-300)).toBeCloseTo(100, 10);
  });

  test('Lichess figures: +100 cp is about 59, +1000 cp about 97.5', () => {
    expect(winChance(100)).toBeCloseTo(59.1, 1);
    expect(winChance(1000)).toBeCloseTo(97.5, 1);
  });

  test('a mate counts as 1000 cp for the side that mates, and evaluations are capped there', () => {
    expect(whiteCentipawns({ mate: 3 }, 'white')).toBe(1000);
    expect(whiteCentipawns({ mate: -2 }, 'white')).toBe(-1000);
    expect(whiteCentipawns({ cp: 2500 }, 'black')).toBe(1000);
    // Mate 0: the side to move is mated.
    expect(whiteCentipawns({ mate: 0 }, 'white')).toBe(-1000);
    expect(whiteCentipawns({ mate: 0 }, 'black')).toBe(1000);
    expect(winChanceOf({ mate: 1 }, 'white', 'black')).toBeCloseTo(winChance(-1000), 10);
    expect(winChanceOf({ cp: 4000 }, 'white', 'white')).toBe(winChance(1000));
  });
});
