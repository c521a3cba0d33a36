import { describe, expect, test } from 'vitest';
import { compareByScoreLow, moveScore, scoreLow, wilsonLow } from './wilson.js';

describe('Wilson lower bound (z = 1.96)', () => {
  test.each([
    // 50 of 100: the textbook interval [0.4038, 0.5962].
    [0.5, 100, 0.4038],
    // All won: n / (n + z^2), so two won games reach only 0.34.
    [1, 2, 2 / (2 + 1.96 ** 2)],
    [1, 10, 10 / (10 + 1.96 ** 2)],
    [0, 10, 0],
  ])('score %f over %i games has lower bound %f', (score, games, low) => {
    expect(wilsonLow(score, games)).toBeCloseTo(low, 4);
  });

  test('no games gives 0, and the bound rises toward the score as games grow', () => {
    expect(wilsonLow(0.7, 0)).toBe(0);
    const bounds = [10, 100, 1000, 100_000].map((n) => wilsonLow(0.7, n));
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    expect(bounds[3]).toBeLessThan(0.7);
    expect(bounds[3]).toBeGreaterThan(0.697);
  });

  test('a 2-game 100% move ranks below a 500-game 58% one', () => {
    const tiny = scoreLow({ white: 2, draws: 0, black: 0 }, 'white');
    const solid = scoreLow({ white: 270, draws: 40, black: 190 }, 'white');
    expect(tiny).toBeLessThan(solid);
    expect(solid).toBeCloseTo(0.536, 3);
  });

  test('score counts a draw as half a point, from either side', () => {
    expect(moveScore({ white: 1, draws: 2, black: 1 }, 'black')).toBe(0.5);
    expect(moveScore({ white: 3, draws: 1, black: 0 }, 'black')).toBe(0.125);
    expect(moveScore({ white: 0, draws: 0, black: 0 }, 'white')).toBe(0);
  });

  test('ties in scoreLow go to more games, then to SAN', () => {
    const rows = [
      { san: 'Nf3', games: 50, scoreLow: 0.5 },
      { san: 'c4', games: 80, scoreLow: 0.5 },
      { san: 'Bc4', games: 50, scoreLow: 0.5 },
      { san: 'd4', games: 10, scoreLow: 0.6 },
    ];
    expect([...rows].sort(compareByScoreLow).map((r) => r.san)).toEqual(['d4', 'c4', 'Bc4', 'Nf3']);
    expect(
      [...rows]
        .reverse()
        .sort(compareByScoreLow)
        .map((r) => r.san),
    ).toEqual(['d4', 'c4', 'Bc4', 'Nf3']);
  });
});
