import { describe, expect, test } from 'vitest';
import { makeLine, moveLabelAt, parseLine, START_FEN, stepFromSan, stepFromUci, turnOf } from './workshop-line';

describe('workshop line', () => {
  test('a movetext line becomes steps with the position after each move', () => {
    const steps = parseLine('1. e4 b6 2. d4');
    expect(steps?.map((s) => s.san)).toEqual(['e4', 'b6', 'd4']);
    expect(steps?.[2].fen).toBe('rnbqkbnr/p1pppppp/1p6/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2');
    expect(steps && makeLine(steps)).toBe('1. e4 b6 2. d4');
  });

  test('move numbers with dots and a result are read, an illegal move is not', () => {
    expect(parseLine('1.e4 1... c5 2.Nf3 *')?.map((s) => s.san)).toEqual(['e4', 'c5', 'Nf3']);
    expect(parseLine('1. e4 e5 2. Ke3')).toBeUndefined();
    expect(parseLine('')).toEqual([]);
  });

  test('castling keeps the repertoire UCI and marks the square the king lands on', () => {
    const steps = parseLine('1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O')!;
    const castle = steps[steps.length - 1];
    expect(castle).toMatchObject({ san: 'O-O', uci: 'e1h1', from: 'e1', to: 'g1' });
  });

  test('a UCI move from a position gives its SAN, and an illegal one nothing', () => {
    expect(stepFromUci(START_FEN, 'g1f3')?.san).toBe('Nf3');
    expect(stepFromUci(START_FEN, 'g1g3')).toBeUndefined();
    expect(stepFromSan(START_FEN, 'Nf3')?.uci).toBe('g1f3');
    expect(stepFromSan(START_FEN, 'Nf6')).toBeUndefined();
  });

  test('labels and turns', () => {
    expect(moveLabelAt(0, 'e4')).toBe('1. e4');
    expect(moveLabelAt(3, 'Nf6')).toBe('2... Nf6');
    expect(turnOf(START_FEN)).toBe('white');
    expect(turnOf(parseLine('1. d4')![0].fen)).toBe('black');
  });
});
