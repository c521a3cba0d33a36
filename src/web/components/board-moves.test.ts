import { describe, expect, test } from 'vitest';
import { legalTargets, playDraggedMove, START_FEN } from './board-moves';

describe('playDraggedMove', () => {
  test('a legal move gives its SAN, UCI and the position after it', () => {
    const attempt = playDraggedMove(START_FEN, 'g1', 'f3');
    expect(attempt).toEqual({
      ok: true,
      move: {
        from: 'g1',
        to: 'f3',
        uci: 'g1f3',
        san: 'Nf3',
        promotion: undefined,
        fen: 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
      },
    });
  });

  test('an illegal move is rejected with a message naming it', () => {
    expect(playDraggedMove(START_FEN, 'e2', 'e5')).toEqual({ ok: false, error: 'Illegal move: e2-e5' });
  });

  test('moving the side not to move is illegal', () => {
    expect(playDraggedMove(START_FEN, 'e7', 'e5').ok).toBe(false);
  });

  test('the king dragged two squares castles', () => {
    const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    const attempt = playDraggedMove(fen, 'e1', 'g1');
    expect(attempt.ok && attempt.move.san).toBe('O-O');
    expect(attempt.ok && attempt.move.fen).toBe('r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1');
  });

  test('a pawn reaching the last rank promotes to a queen on drag', () => {
    const attempt = playDraggedMove('8/4P3/8/8/8/8/k7/7K w - - 0 1', 'e7', 'e8');
    expect(attempt.ok && attempt.move).toMatchObject({ san: 'e8=Q', uci: 'e7e8q', promotion: 'queen' });
  });

  test('another promotion piece can be chosen', () => {
    const attempt = playDraggedMove('8/4P3/8/8/8/8/k7/7K w - - 0 1', 'e7', 'e8', 'knight');
    expect(attempt.ok && attempt.move.san).toBe('e8=N');
  });

  test('a broken FEN is reported, not thrown', () => {
    const attempt = playDraggedMove('not a fen', 'e2', 'e4');
    expect(attempt.ok).toBe(false);
  });
});

describe('legalTargets', () => {
  test('a knight at the start reaches two squares', () => {
    expect(legalTargets(START_FEN, 'g1').sort()).toEqual(['f3', 'h3']);
  });

  test('castling shows the king’s two-square move, not the rook square', () => {
    const fen = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
    expect(legalTargets(fen, 'e1').sort()).toEqual(['c1', 'd1', 'f1', 'g1']);
  });

  test('a piece of the side not to move, an empty square or a bad FEN has none', () => {
    expect(legalTargets(START_FEN, 'e7')).toEqual([]);
    expect(legalTargets(START_FEN, 'e4')).toEqual([]);
    expect(legalTargets('not a fen', 'e2')).toEqual([]);
  });
});
