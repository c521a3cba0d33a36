import { describe, expect, test } from 'vitest';
import { explorerTree } from './explorer-tree-fixture.js';
import { buildRepertoireFromPgn } from './repertoire.js';
import { findTraps } from './traps.js';
import { wilsonLow } from './wilson.js';

const WHITE = buildRepertoireFromPgn('1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 *\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *', {
  color: 'white',
}).unwrap();

const STATS = explorerTree([
  ['e4', [['e5', 500, 100, 400]]],
  [
    'e4 e5 Nf3',
    [
      ['Nc6', 500, 100, 400],
      // 8% and 100 games, White scores 75%: a trap, not answered.
      ['f6', 70, 10, 20],
      // 8% but 99 games: too few to count.
      ['d5', 79, 0, 20],
    ],
  ],
  [
    'e4 e5 Nf3 Nc6 Bc4',
    [
      ['Bc5', 300, 100, 300],
      ['Nf6', 300, 100, 300],
      // The Blackburne Shilling: White scores 70% over 400 games, answered by 4. Nxe5.
      ['Nd4', 270, 20, 110],
      // 2%: too rare.
      ['h6', 40, 0, 0],
    ],
  ],
]);

describe('traps', () => {
  test('opponent moves with 5% share, 100 games and scoreLow of 0.60 or more, likeliest first', () => {
    const traps = findTraps(WHITE, STATS);
    expect(traps.map((t) => [t.line, t.punished])).toEqual([
      ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4', true],
      ['1. e4 e5 2. Nf3 f6', false],
    ]);
    const [nd4, f6] = traps;
    expect(f6.games).toBe(100);
    expect(f6.score).toBeCloseTo(0.75, 12);
    expect(f6.scoreLow).toBeCloseTo(wilsonLow(0.75, 100), 12);
    expect(nd4.share).toBeCloseTo(400 / 1840, 12);
    expect(nd4.reach).toBeCloseTo((1000 / 1199) * (400 / 1840), 12);
    expect(f6.reach).toBeCloseTo(100 / 1199, 12);
  });

  test('a high score over few games is no trap: the lower bound decides', () => {
    // 12 of 12 won: score 1 but scoreLow 0.76; 8 of 8 only 0.68; 60% of 100 games only 0.50.
    const stats = explorerTree([
      [
        'e4',
        [
          ['e5', 50, 0, 50],
          ['f6', 60, 0, 40],
          ['g5', 8, 0, 0],
        ],
      ],
    ]);
    expect(findTraps(WHITE, stats)).toEqual([]);
  });

  test('a move the repertoire plays but leaves unanswered is not punished', () => {
    const rep = buildRepertoireFromPgn('1. e4 e5 2. Nf3 f6 *', { color: 'white' }).unwrap();
    const traps = findTraps(rep, STATS);
    expect(traps.find((t) => t.san === 'f6')?.punished).toBe(false);
  });
});
