import { expect, test } from 'vitest';
import { lineWithReply } from './line-with-reply';

test.each([
  ['1. e4', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 'c5', '1. e4 c5'],
  ['1. e4 c5', 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'Nf3', '1. e4 c5 2. Nf3'],
  ['', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'd4', '1. d4'],
])('%s then %s', (line, fen, san, expected) => {
  expect(lineWithReply(line, fen, san)).toBe(expected);
});
