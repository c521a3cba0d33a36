import { describe, expect, test } from 'vitest';
import { explorerTree, keyAfter } from './explorer-tree-fixture.js';
import { buildRepertoireFromPgn } from './repertoire.js';
import { trimLines } from './trim.js';

const PGN = [
  '1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
  '1. e4 a6 2. d4 b5 3. Bd3 *',
  '1. e4 d5 2. exd5 Qxd5 3. Nc3 *',
  // The Najdorf order and a Classical order meet after 5...d6 / 5...Nc6.
  '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 Nc6 6. Bg5 *',
  '1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 d6 6. Bg5 *',
].join('\n\n');
const WHITE = buildRepertoireFromPgn(PGN, { color: 'white' }).unwrap();

const STATS = explorerTree([
  [
    'e4',
    [
      ['e5', 4000, 2000, 4000],
      ['c5', 3500, 1800, 4500],
      // Rare and dangerous: Black scores (80 + 10) / 150 = 60%.
      ['d5', 50, 20, 80],
      ['a6', 30, 0, 20],
    ],
  ],
  [
    'e4 c5 Nf3',
    [
      ['d6', 2000, 1000, 2000],
      ['Nc6', 10, 5, 5],
      ['g6', 10, 0, 10],
    ],
  ],
  ['e4 e5 Nf3', [['Nc6', 3000, 1000, 2000]]],
]);

describe('trim', () => {
  test('lists the replies below the goal, rarest first, with the moves only they reach', () => {
    const lines = trimLines(WHITE, STATS, 1 / 100);
    expect(lines.map((l) => [l.line, l.ownMoves, l.dangerous])).toEqual([
      ['1. e4 c5 2. Nf3 Nc6', 3, false],
      ['1. e4 a6', 2, false],
      ['1. e4 d5', 2, true],
    ]);
    const total = 20_000;
    expect(lines[1].reach).toBeCloseTo(50 / total, 12);
    expect(lines[2].reach).toBeCloseTo(150 / total, 12);
    expect(lines[0].reach).toBeCloseTo((9800 / total) * (20 / 5040), 12);
    expect(lines[2].opponentScore).toBeCloseTo(0.6, 12);
    expect(lines[2].games).toBe(150);
  });

  test('a position another line also reaches is kept: the transposition to 6. Bg5 stays', () => {
    const [sicilian] = trimLines(WHITE, STATS, 1 / 100);
    expect(sicilian.positions).toEqual([
      keyAfter('e4 c5 Nf3 Nc6'),
      keyAfter('e4 c5 Nf3 Nc6 d4 cxd4'),
      keyAfter('e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6'),
    ]);
    expect(sicilian.positions).not.toContain(keyAfter('e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 d6'));
  });

  test('a reply exactly at the goal stays; a lower goal trims less; replies past a trimmed one are not listed again', () => {
    expect(trimLines(WHITE, STATS, 150 / 20_000).map((l) => l.san)).toEqual(['Nc6', 'a6']);
    expect(trimLines(WHITE, STATS, 1 / 100_000)).toEqual([]);
    // At a goal of one half 1... c5 (49%) itself goes, and nothing below it is listed on its own; 1... e5 (50%) stays.
    const high = trimLines(WHITE, STATS, 0.5);
    expect(high.map((l) => l.line)).toEqual(['1. e4 a6', '1. e4 d5', '1. e4 c5']);
    expect(high[2].ownMoves).toBe(8);
  });

  test('a repertoire reply the explorer never saw has reach 0 and is listed', () => {
    const stats = explorerTree([['e4', [['e5', 10, 0, 10]]]]);
    const lines = trimLines(WHITE, stats, 1 / 100);
    expect(lines.map((l) => [l.san, l.reach, l.games, l.dangerous])).toEqual([
      ['a6', 0, 0, false],
      ['c5', 0, 0, false],
      ['d5', 0, 0, false],
    ]);
  });
});
