import { describe, expect, test } from 'vitest';
import { comparisonLine } from './comparison-line';

describe('comparison line', () => {
  test.each([
    // The opponent (Black) played 2... d6 where the repertoire expected something else: answer it.
    [
      { line: '1. e4 c5 2. Nf3', side: 'opponent', played: { san: 'd6', uci: 'd7d6' }, turn: 'black', moveNumber: 2 },
      '1. e4 c5 2. Nf3 d6',
    ],
    // The opponent (White) played 2. c3 against a Black repertoire.
    [
      { line: '1. e4 c5', side: 'opponent', played: { san: 'c3', uci: 'c2c3' }, turn: 'white', moveNumber: 2 },
      '1. e4 c5 2. c3',
    ],
    // The player left: the position before their move.
    [
      { line: '1. e4 e5', side: 'player', played: { san: 'Bc4', uci: 'f1c4' }, turn: 'white', moveNumber: 2 },
      '1. e4 e5',
    ],
    // The opponent's very first move.
    [{ line: '', side: 'opponent', played: { san: 'd4', uci: 'd2d4' }, turn: 'white', moveNumber: 1 }, '1. d4'],
  ] as const)('%j -> %s', (comparison, expected) => {
    expect(comparisonLine(comparison)).toBe(expected);
  });
});
