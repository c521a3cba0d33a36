import { expect, test } from 'vitest';
import { holePositionKey } from './hole-position';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('a hole leads to the position after the opponent move, without move counters', () => {
  expect(holePositionKey({ fen: START, uci: 'e2e4' })).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -');
});

test('an illegal move or a broken position leads nowhere', () => {
  expect(holePositionKey({ fen: START, uci: 'e2e5' })).toBeUndefined();
  expect(holePositionKey({ fen: 'not a fen', uci: 'e2e4' })).toBeUndefined();
  expect(holePositionKey({ fen: START, uci: 'zz' })).toBeUndefined();
});
