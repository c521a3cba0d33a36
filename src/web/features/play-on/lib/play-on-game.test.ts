import { describe, expect, test } from 'vitest';
import { INITIAL_FEN } from 'chessops/fen';
import { endText, gameEnd, moveBySan, moveByUci, movesOfSans, resultOf } from './play-on-game';

const fensOf = (sans: string[], start = INITIAL_FEN) => [start, ...movesOfSans(start, sans)!.map((m) => m.fen)];
const castleFen = 'r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8';

describe('moves played on', () => {
  test('a move by UCI or by SAN gives the same move', () => {
    expect(moveByUci(INITIAL_FEN, 'g1f3')).toEqual(moveBySan(INITIAL_FEN, 'Nf3'));
    expect(moveByUci(INITIAL_FEN, 'g1f3')).toMatchObject({ san: 'Nf3', uci: 'g1f3', from: 'g1', to: 'f3' });
    expect(moveByUci(INITIAL_FEN, 'e2e5')).toBeUndefined();
    expect(moveBySan(INITIAL_FEN, 'Nf6')).toBeUndefined();
  });

  test.each([
    ['e1g1', 'O-O', 'e1g1', 'g1'],
    ['e1h1', 'O-O', 'e1g1', 'g1'],
    ['e1c1', 'O-O-O', 'e1c1', 'c1'],
    ['e1a1', 'O-O-O', 'e1c1', 'c1'],
  ])('castling written %s is %s, the king moving %s', (uci, san, kingUci, to) => {
    const move = moveByUci(castleFen, uci)!;
    expect(move).toMatchObject({ san, uci: kingUci, from: 'e1', to });
    expect(moveBySan(castleFen, san)).toEqual(move);
  });

  test('a promotion keeps its piece', () => {
    const fen = '8/P6k/8/8/8/8/8/K7 w - - 0 1';
    expect(moveByUci(fen, 'a7a8q')).toMatchObject({ san: 'a8=Q', uci: 'a7a8q' });
    expect(moveBySan(fen, 'a8=N')).toMatchObject({ uci: 'a7a8n' });
  });

  test('a line that cannot be played gives nothing', () => {
    expect(movesOfSans(INITIAL_FEN, ['e4', 'e5', 'Ke3'])).toBeUndefined();
    expect(movesOfSans(INITIAL_FEN, ['e4', 'e5'])!.map((m) => m.uci)).toEqual(['e2e4', 'e7e5']);
  });
});

describe('the end of a game by the rules', () => {
  test('checkmate: the side that mated wins', () => {
    const end = gameEnd(fensOf(['f3', 'e5', 'g4', 'Qh4#']));
    expect(end).toEqual({ reason: 'checkmate', winner: 'black' });
    expect(resultOf(end)).toBe('0-1');
    expect(endText(end!, 'white')).toBe('Checkmate: you lose.');
    expect(endText(end!, 'black')).toBe('Checkmate: you win.');
  });

  test('stalemate and insufficient material are draws', () => {
    expect(gameEnd(['7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'])).toEqual({ reason: 'stalemate', winner: undefined });
    expect(gameEnd(['8/8/4k3/8/8/3KB3/8/8 w - - 0 1'])).toEqual({ reason: 'insufficient material', winner: undefined });
    expect(resultOf({ reason: 'stalemate', winner: undefined })).toBe('1/2-1/2');
  });

  test('the same position a third time is a draw by repetition, not the second time', () => {
    const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    expect(gameEnd(fensOf(shuffle))).toBeUndefined();
    const end = gameEnd(fensOf([...shuffle, ...shuffle]));
    expect(end).toEqual({ reason: 'threefold repetition', winner: undefined });
    expect(endText(end!, 'white')).toBe('The same position a third time: a draw by repetition.');
  });

  test('a hundred half-moves without a capture or a pawn move is a draw by the fifty-move rule', () => {
    expect(gameEnd(['4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80'])).toBeUndefined();
    expect(gameEnd(['4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80'])).toEqual({ reason: 'fifty-move rule', winner: undefined });
  });

  test('a game that goes on has no end and the result *', () => {
    expect(gameEnd(fensOf(['e4', 'e5']))).toBeUndefined();
    expect(resultOf(undefined)).toBe('*');
  });
});
