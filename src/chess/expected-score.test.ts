import { describe, expect, test } from 'vitest';
import { expectedScore } from './expected-score.js';
import { explorerTree } from './explorer-tree-fixture.js';
import { buildRepertoireFromPgn } from './repertoire.js';

const WHITE = buildRepertoireFromPgn('1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. e4 c5 2. Nf3 *', { color: 'white' }).unwrap();

// After 1. e4: e5 and c5 40% each, e6 20%; after 2. Nf3 in the open game, Nc6 and d6 half each.
const STATS = explorerTree([
  [
    'e4',
    [
      ['e5', 40, 20, 40],
      ['c5', 30, 10, 60],
      ['e6', 20, 0, 30],
    ],
  ],
  [
    'e4 e5 Nf3',
    [
      ['Nc6', 50, 10, 40],
      ['d6', 60, 0, 40],
    ],
  ],
]);

describe('expected score', () => {
  test('weighs the frontier (holes and answered replies whose line ends) by reach', () => {
    // Frontier: c5 (answered, nothing looked up after 2. Nf3) 0.4 x 35%, e6 (hole) 0.2 x 40%,
    // Nc6 (answered, the line ends at 3. Bb5) 0.2 x 55%, d6 (hole) 0.2 x 60%. e5 goes on: not frontier.
    const expected = expectedScore(WHITE, STATS)!;
    expect(expected.score).toBeCloseTo(0.4 * 0.35 + 0.2 * 0.4 + 0.2 * 0.55 + 0.2 * 0.6, 10);
    expect(expected.coveredReach).toBeCloseTo(1, 10);
    // Baseline: after 1. e4 alone, e5 50%, c5 35%, e6 40% by share.
    expect(expected.baseline).toBeCloseTo(0.4 * 0.5 + 0.4 * 0.35 + 0.2 * 0.4, 10);
    expect(expected.games).toBe(250);
  });

  test('a position not looked up makes the reply before it frontier', () => {
    const first = new Map([...STATS].slice(0, 1));
    const expected = expectedScore(WHITE, first)!;
    expect(expected.score).toBeCloseTo(0.4 * 0.5 + 0.4 * 0.35 + 0.2 * 0.4, 10);
    expect(expected.score).toBeCloseTo(expected.baseline, 10);
  });

  test("for Black the baseline is Black's score after White's first moves", () => {
    const black = buildRepertoireFromPgn('1. e4 c5 *\n\n1. d4 Nf6 *', { color: 'black' }).unwrap();
    const stats = explorerTree([
      [
        '',
        [
          ['e4', 50, 0, 50],
          ['d4', 30, 20, 50],
          ['b3', 1, 0, 0],
        ],
      ],
    ]);
    const expected = expectedScore(black, stats)!;
    const games = 201;
    expect(expected.baseline).toBeCloseTo((100 / games) * 0.5 + (100 / games) * 0.6 + (1 / games) * 0, 10);
    expect(expected.score).toBeCloseTo(expected.baseline, 10);
    expect(expected.coveredReach).toBeCloseTo(1, 10);
  });

  test('nothing looked up gives no expected score', () => {
    expect(expectedScore(WHITE, new Map())).toBeUndefined();
  });
});
