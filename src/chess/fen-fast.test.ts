import { describe, expect, it } from 'vitest';
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import type { NormalMove } from 'chessops/types';
import { makeFenFast } from './fen-fast.js';

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests)
      moves.push(pawn && (to >> 3 === 0 || to >> 3 === 7) ? { from, to, promotion: 'knight' } : { from, to });
  }
  return moves;
};

const fromFen = (fen: string) =>
  parseFen(fen)
    .chain((setup) => Chess.fromSetup(setup))
    .unwrap();

describe('makeFenFast', () => {
  it("writes every position of random games exactly as chessops's makeFen does", () => {
    let seed = 4242;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    let checked = 0;
    for (let game = 0; game < 60; game++) {
      const pos = Chess.default();
      for (let ply = 0; ply < 150; ply++) {
        expect(makeFenFast(pos)).toBe(makeFen(pos.toSetup()));
        checked++;
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        // Pawn pushes first now and then, so double steps (en passant) and promotions come up often.
        const pawnMoves = moves.filter((m) => pos.board.pawn.has(m.from));
        const pool = pawnMoves.length > 0 && random() < 0.4 ? pawnMoves : moves;
        pos.play(pool[Math.floor(random() * pool.length)]);
      }
    }
    expect(checked).toBeGreaterThan(5_000);
  });

  it('keeps an en-passant square only when the capture is legal, and partial castling rights', () => {
    for (const fen of [
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', // exf6 possible
      'rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3',
      '8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1', // dxe3 would open the rank to the king: dropped
      'r3k2r/8/8/8/8/8/8/R3K2R w Kq - 12 40',
      '8/8/8/8/8/8/8/K6k b - - 0 1',
    ]) {
      const pos = fromFen(fen);
      expect(makeFenFast(pos)).toBe(makeFen(pos.toSetup()));
    }
    expect(makeFenFast(fromFen('8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1'))).toBe('8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1');
    expect(makeFenFast(fromFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'))).toContain(
      ' w KQkq f6 0 3',
    );
  });
});

describe('makeFenFast move counters', () => {
  it('writes every width of halfmove clock and move number as chessops does, capped alike', () => {
    const pos = Chess.default();
    const counters = [
      [0, 1],
      [9, 10],
      [10, 99],
      [99, 100],
      [100, 999],
      [149, 1000],
      [150, 9999],
      [151, 10000],
      [12345, 123456],
    ];
    for (const [halfmoves, fullmoves] of counters) {
      pos.halfmoves = halfmoves;
      pos.fullmoves = fullmoves;
      expect(makeFenFast(pos)).toBe(makeFen(pos.toSetup()));
      expect(makeFenFast(pos, pos.ctx())).toBe(makeFen(pos.toSetup()));
    }
    pos.halfmoves = 1000; // written as toSetup caps it
    pos.fullmoves = 205;
    expect(makeFenFast(pos)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 150 205');
  });
});

describe('makeFenFast castling field', () => {
  it('agrees with chessops for start-square rights and for rooks or kings elsewhere', () => {
    for (const fen of [
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
      'r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1',
      '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1', // chessops reads these as the outermost rooks
      'rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1',
      '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1',
    ]) {
      const pos = fromFen(fen);
      expect(makeFenFast(pos)).toBe(makeFen(pos.toSetup()));
    }
  });
});
