import { describe, expect, test } from 'vitest';
import { arrowSquares, fensAfterUcis, movesOfLine, readTypedMove } from './line-moves';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const CASTLE = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';

describe('drill board helpers', () => {
  test('moves of a line are replayed from the start, and a move that does not fit gives undefined', () => {
    const moves = movesOfLine(START, '1. e4 e5 2. Nf3')!;
    expect(moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5', 'g1f3']);
    expect(movesOfLine(START, '1. e4 e5 2. Nf6')).toBeUndefined();
    expect(movesOfLine(START, '')).toEqual([]);
  });
  test('UCI moves give one FEN each, stopping at an illegal one', () => {
    expect(fensAfterUcis(START, ['e2e4', 'e7e5', 'e1e3'])).toHaveLength(2);
  });
  test('a typed move is read as SAN or UCI', () => {
    expect(readTypedMove(START, 'Nf3')).toEqual({ uci: 'g1f3', from: 'g1', to: 'f3' });
    expect(readTypedMove(START, 'e2e4')).toMatchObject({ uci: 'e2e4' });
    expect(readTypedMove(START, 'Ke2')).toBeUndefined();
    expect(readTypedMove(CASTLE, 'O-O')).toMatchObject({ from: 'e1' });
  });
  test('a castling arrow points where the king lands', () => {
    expect(arrowSquares(CASTLE, 'e1h1')).toEqual({ from: 'e1', to: 'g1' });
    expect(arrowSquares(START, 'g1f3')).toEqual({ from: 'g1', to: 'f3' });
  });
});
