import { describe, expect, it } from 'vitest';
import { buildOpeningIndex, lineKeys, openingAt, openingOfLine } from './opening-names.js';

const KINGS_PAWN = { eco: 'B00', name: "King's Pawn Game" };
const SICILIAN = { eco: 'B20', name: 'Sicilian Defense' };
const OPEN_SICILIAN = { eco: 'B27', name: 'Sicilian Defense: Hyperaccelerated Dragon' };

const index = buildOpeningIndex([
  ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -', KINGS_PAWN],
  ['rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -', SICILIAN],
  ['rnbqkbnr/pp1ppp1p/6p1/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -', OPEN_SICILIAN],
  ['not a fen', { eco: 'X00', name: 'Broken' }],
]);

describe('opening names', () => {
  it('keeps only the entries that are legal positions', () => {
    expect(index.size).toBe(3);
  });

  it('names a position given as a full FEN with move counters', () => {
    expect(openingAt(index, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')).toEqual(KINGS_PAWN);
  });

  it('reads an en passant square no pawn can take on as no square', () => {
    expect(openingAt(index, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).toEqual(KINGS_PAWN);
  });

  it('names a position reached by another move order (a transposition)', () => {
    expect(openingOfLine(index, '1. e4 g6 2. Nf3 c5')).toEqual(OPEN_SICILIAN);
  });

  it('gives the last named position of a line that goes past the named ones', () => {
    expect(openingOfLine(index, '1. e4 c5 2. Nc3 Nc6 3. f4')).toEqual(SICILIAN);
  });

  it('gives null where nothing along the line is named', () => {
    expect(openingOfLine(index, '1. d4 d5')).toBeNull();
    expect(openingAt(index, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toBeNull();
  });

  it('stops a line at its first illegal move', () => {
    expect(lineKeys('1. e4 c5 2. Ke3')).toHaveLength(3);
    expect(openingOfLine(index, ['e4', 'c5', 'Qxf7'])).toEqual(SICILIAN);
  });
});
