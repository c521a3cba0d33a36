import { describe, expect, test } from 'vitest';
import { appendMove, moveLabel, scoreText } from './prep-text';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_E4_C5_C3 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b KQkq - 0 2';

describe('appendMove', () => {
  test.each([
    ['', START, 'e4', '1. e4'],
    ['1. e4 c5', AFTER_E4_C5, 'c3', '1. e4 c5 2. c3'],
    ['1. e4 c5 2. c3', AFTER_E4_C5_C3, 'd5', '1. e4 c5 2. c3 d5'],
    // A line that starts with Black to move names Black's move number.
    ['', AFTER_E4_C5_C3, 'd5', '2... d5'],
  ])('%s + %s', (line, fen, san, expected) => {
    expect(appendMove(line, fen, san)).toBe(expected);
  });
});

test('moveLabel numbers the move for the side to move', () => {
  expect(moveLabel(AFTER_E4_C5, 'c3')).toBe('2. c3');
  expect(moveLabel(AFTER_E4_C5_C3, 'd5')).toBe('2... d5');
});

test('scoreText is a whole percentage, or says there is no result', () => {
  expect(scoreText(2 / 3)).toBe('67%');
  expect(scoreText(null)).toBe('no results');
});
