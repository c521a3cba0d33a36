import { describe, expect, it } from 'vitest';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import type { NormalMove } from 'chessops/types';
import { makeSanAndPlayFast } from './san-fast.js';

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests) {
      if (pawn && (to >> 3 === 0 || to >> 3 === 7)) for (const promotion of ['queen', 'knight'] as const) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  return moves;
};

const expectSameSans = (pos: Chess) => {
  for (const move of legalMoves(pos)) expect(makeSanAndPlayFast(pos.clone(), move)).toBe(makeSan(pos, move));
};

describe('makeSanAndPlayFast', () => {
  it("writes every legal move of random games exactly as chessops's makeSan does", () => {
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    for (let game = 0; game < 40; game++) {
      const pos = Chess.default();
      for (let ply = 0; ply < 120; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        expectSameSans(pos);
        pos.play(moves[Math.floor(random() * moves.length)]);
      }
    }
  });

  it('marks mate, check, castling, promotion and three-way disambiguation', () => {
    for (const fen of [
      'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2', // Qh4#
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
      '7k/1P6/8/8/8/8/8/K7 w - - 0 1',
      '7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1',
      '4k3/8/8/8/8/2N1N3/8/K3N3 w - - 0 1',
    ])
      expectSameSans(parseFen(fen).chain((setup) => Chess.fromSetup(setup)).unwrap());
  });
});
