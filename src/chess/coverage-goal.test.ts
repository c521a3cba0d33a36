import { describe, expect, test } from 'vitest';
import { bandOfRatings, DEFAULT_BAND, defaultGoal, isNeeded } from './coverage-goal.js';

describe('coverage goal', () => {
  test.each([
    [400, 1 / 75],
    [1200, 1 / 75],
    [1299, 1 / 75],
    [1300, 1 / 100],
    [1600, 1 / 100],
    [1699, 1 / 100],
    [1700, 1 / 150],
    [1800, 1 / 150],
    [1900, 1 / 200],
    [2500, 1 / 200],
  ])('band %i defaults to a goal of %f', (band, goal) => {
    expect(defaultGoal(band)).toBe(goal);
  });

  test("the band is the check's lowest rating band, 1600 before any check", () => {
    expect(bandOfRatings('1800,1600,2000')).toBe(1600);
    expect(bandOfRatings('2200')).toBe(2200);
    expect(bandOfRatings('')).toBe(DEFAULT_BAND);
    expect(bandOfRatings(undefined)).toBe(1600);
    expect(defaultGoal(bandOfRatings(undefined))).toBe(1 / 100);
  });

  test('a hole exactly at the goal is needed, one below is optional', () => {
    expect(isNeeded(0.01, 1 / 100)).toBe(true);
    expect(isNeeded(0.0099, 1 / 100)).toBe(false);
  });
});
