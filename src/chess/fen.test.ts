import { describe, expect, test } from 'vitest';
import { FEN_MESSAGES, positionKey, validateFen } from './fen.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('validateFen', () => {
  test.each([
    START,
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
    '8/8/8/8/8/8/8/K6k b - - 99 120',
  ])('accepts %s', (fen) => {
    expect(validateFen(fen).isOk).toBe(true);
  });

  // One case per message, in the order the checks run.
  test.each([
    [
      'fields',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0',
      'FEN string must contain six space-delimited fields.',
    ],
    [
      'moveNumber',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0',
      '6th field (move number) must be a positive integer.',
    ],
    [
      'moveNumber',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x',
      '6th field (move number) must be a positive integer.',
    ],
    [
      'halfMoves',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1',
      '5th field (half move counter) must be a non-negative integer.',
    ],
    [
      'enPassant',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1',
      '4th field (en-passant square) is invalid.',
    ],
    [
      'castling',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1',
      '3rd field (castling availability) is invalid.',
    ],
    ['sideToMove', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1', '2nd field (side to move) is invalid.'],
    [
      'rows',
      'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      "1st field (piece positions) does not contain 8 '/'-delimited rows.",
    ],
    [
      'consecutiveNumbers',
      'rnbqkbnr/pppppppp/8/8/44/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      '1st field (piece positions) is invalid [consecutive numbers].',
    ],
    [
      'invalidPiece',
      'rnbqkbnr/pppppppp/8/8/3X4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      '1st field (piece positions) is invalid [invalid piece].',
    ],
    [
      'rowTooLarge',
      'rnbqkbnr/pppppppp/8/8/3P5/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      '1st field (piece positions) is invalid [row too large].',
    ],
    [
      'rowTooLarge',
      'rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      '1st field (piece positions) is invalid [row too large].',
    ],
    ['illegalEnPassant', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1', 'Illegal en-passant square'],
  ])('rejects with %s', (code, fen, message) => {
    const result = validateFen(fen);
    expect(result.isErr).toBe(true);
    if (result.isErr) {
      expect(result.error.code).toBe(code);
      expect(result.error.message).toBe(message);
    }
  });

  test('every message is reachable', () => {
    expect(Object.keys(FEN_MESSAGES)).toHaveLength(11);
  });
});

test('positionKey drops the move counters only', () => {
  expect(positionKey(START)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -');
  expect(positionKey('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -')).toBe(positionKey(START));
});
