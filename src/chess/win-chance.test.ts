import { describe, expect, test } from 'vitest';
import { moveKind, winChance, winChanceDrop, winChanceOf, whiteCentipawns } from './win-chance.js';

/** The centipawns at which a side has `chance` (0..100) to win: the inverse of winChance. */
const cpFor = (chance: number) => -Math.log(2 / (chance / 50) - 1) / 0.00368208;

describe('win chance', () => {
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
  });
});

describe("mistake kinds by the drop in the mover's win chance", () => {
  test.each([
    [9.999, undefined],
    [10, 'inaccuracy'],
    [19.999, 'inaccuracy'],
    [20, 'mistake'],
    [29.999, 'mistake'],
    [30, 'blunder'],
    [80, 'blunder'],
    [-5, undefined],
  ])('a drop of %d points is %s', (drop, kind) => {
    expect(moveKind(drop)).toBe(kind);
  });

  test.each([
    [10, 'inaccuracy'],
    [20, 'mistake'],
    [30, 'blunder'],
  ])('crafted evaluations losing %d points are a(n) %s, a hair less is not', (points, kind) => {
    // White at 60 before the move; the evaluation after leaves White `points` less.
    const before = { cp: cpFor(60) };
    const exactly = { cp: cpFor(60 - points) };
    expect(winChanceDrop(before, exactly, 'white')).toBeCloseTo(points, 9);
    expect(moveKind(winChanceDrop(before, { cp: cpFor(60 - points) + 0.01 }, 'white'))).not.toBe(kind);
    expect(moveKind(winChanceDrop(before, { cp: cpFor(60 - points) - 0.01 }, 'white'))).toBe(kind);
  });

  test('the drop is seen from the mover: Black losing ground means White gaining', () => {
    // Before Black's move White is +30; after it White is +600.
    expect(winChanceDrop({ cp: 30 }, { cp: 600 }, 'black')).toBeCloseTo(winChance(-30) - winChance(-600), 10);
    expect(moveKind(winChanceDrop({ cp: 30 }, { cp: 600 }, 'black'))).toBe('blunder');
    // Allowing mate in one from an even position.
    expect(moveKind(winChanceDrop({ cp: 0 }, { mate: 1 }, 'black'))).toBe('blunder');
    // Mating is never a mistake.
    expect(winChanceDrop({ mate: 1 }, { mate: 0 }, 'white')).toBeCloseTo(0, 10);
  });
});
