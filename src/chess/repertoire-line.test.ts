import { describe, expect, test } from 'vitest';
import { MAX_LINE_PLIES, parseRepertoireLine, START_KEY } from './repertoire-line.js';

describe('repertoire line', () => {
  test('movetext is normalised and each move names the positions it leaves and reaches', () => {
    const line = parseRepertoireLine('1.e4 b6 2.d4').unwrap();
    expect(line.movetext).toBe('1. e4 b6 2. d4');
    expect(line.sans).toEqual(['e4', 'b6', 'd4']);
    expect(line.moves[0].fromKey).toBe(START_KEY);
    expect(line.moves[0].uci).toBe('e2e4');
    expect(line.moves[1].fromKey).toBe(line.moves[0].toKey);
    expect(line.moves[2].toFen).toBe('rnbqkbnr/p1pppppp/1p6/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2');
    expect(line.moves[2].step.previous?.previous?.san).toBe('e4');
  });

  test('SAN without move numbers and with check marks left out reads the same', () => {
    expect(parseRepertoireLine('e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7').unwrap().movetext).toBe(
      '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#',
    );
  });

  test.each([
    ['', 'empty', 'The line is empty'],
    ['   ', 'empty', 'The line is empty'],
    ['1. e4 e5 2. Ke3', 'illegal_move', 'The line has an illegal move: 2. Ke3'],
    ['hello', 'empty', 'The line has no moves'],
    ['1. e4 (1. d4) e5', 'not_a_line', 'The line must be one line of moves, without variations'],
    ['1. e4 e5 *\n\n1. d4 *', 'not_a_line', 'The line must be one line of moves'],
    [
      '[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. Ke2 *',
      'not_from_start',
      'The line must start from the standard position',
    ],
    ['1. e4 -- 2. d4', 'illegal_move', 'The line has an illegal move: 1... --'],
  ])('%j is refused (%s)', (text, code, message) => {
    const result = parseRepertoireLine(text);
    expect(result.isErr).toBe(true);
    if (result.isErr) {
      expect(result.error.code).toBe(code);
      expect(result.error.message).toBe(message);
    }
  });

  test(`a line longer than ${MAX_LINE_PLIES} moves is refused`, () => {
    const knights = Array.from({ length: MAX_LINE_PLIES / 4 + 1 }, () => 'Nf3 Nf6 Ng1 Ng8').join(' ');
    const result = parseRepertoireLine(knights);
    expect(result.isErr && result.error.code).toBe('too_long');
    const fits = Array.from({ length: MAX_LINE_PLIES / 4 }, () => 'Nf3 Nf6 Ng1 Ng8').join(' ');
    expect(parseRepertoireLine(fits).unwrap().moves).toHaveLength(MAX_LINE_PLIES);
  });
});

test('a word that is not a move is refused, not stepped over', () => {
  const parsed = parseRepertoireLine('1. e4 e5 2. Qxz9');
  expect(parsed.isErr && parsed.error.message).toBe('In the line, 2. Qxz9 is not a move');
  expect(parseRepertoireLine('1. e4 e5 2. Nf3 $1 {good} Nc6').isOk).toBe(true);
});
