import { describe, expect, it } from 'vitest';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeSquare, makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { makeSanAndPlayFast } from './san-fast.js';

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests) {
      if (pawn && (to >> 3 === 0 || to >> 3 === 7))
        for (const promotion of ['queen', 'knight'] as const) moves.push({ from, to, promotion });
      else moves.push({ from, to });
    }
  }
  return moves;
};

/** Ways a PGN may write the move that parseSan still reads as it: marks missing or wrong, 'x' left out, long form. */
const writings = (pos: Chess, move: NormalMove, san: string): string[] => {
  const body = san.replace(/[+#]$/, '');
  const long = `${makeSquare(move.from)}${makeSquare(move.to)}`;
  const candidates = [
    san,
    body,
    `${body}+`,
    `${body}#`,
    body.replace('x', ''),
    `${body.replace('x', '')}+`,
    long,
    `${san[0]}${long}`,
  ];
  return candidates.filter((text) => {
    const read = parseSan(pos, text);
    return read !== undefined && makeUci(read) === makeUci(move);
  });
};

/** Each move whose SAN differs from chessops's, as [written or '', ours, chessops's]; [] when none. */
const differentSans = (pos: Chess, rewritten = true): string[][] => {
  const differences: string[][] = [];
  for (const move of legalMoves(pos)) {
    const san = makeSan(pos, move);
    for (const written of [undefined, ...(rewritten ? writings(pos, move, san) : [])]) {
      const ours = makeSanAndPlayFast(pos.clone(), move, written);
      if (ours !== san) differences.push([written ?? '', ours, san]);
    }
  }
  return differences;
};

const expectSameSans = (pos: Chess) => expect(differentSans(pos)).toEqual([]);

describe('makeSanAndPlayFast', () => {
  it("writes every legal move of random games exactly as chessops's makeSan does, however the PGN wrote it", () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    const differences: string[][] = [];
    for (let game = 0; game < 40; game++) {
      const pos = Chess.default();
      for (let ply = 0; ply < 120; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        // Every game as chessops writes it, one in four also as PGNs may write it.
        differences.push(...differentSans(pos, game % 4 === 0));
        pos.play(moves[Math.floor(random() * moves.length)]);
      }
    }
    expect(differences).toEqual([]);
  });

  it('returns the SAN as written when it is already right, and the right one when a mark or capture is off', () => {
    const pos = parseFen('r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3')
      .chain((setup) => Chess.fromSetup(setup))
      .unwrap();
    const mate = parseSan(pos, 'Qxf7')!;
    expect(
      ['Qxf7#', 'Qxf7', 'Qf7', 'Qxf7+', 'Qf3xf7'].map((written) =>
        makeSanAndPlayFast(pos.clone(), mate as NormalMove, written),
      ),
    ).toEqual(Array(5).fill('Qxf7#'));
    const push = parseSan(pos, 'd3')!;
    expect(
      ['d3', 'd3+', 'd2d3'].map((written) => makeSanAndPlayFast(pos.clone(), push as NormalMove, written)),
    ).toEqual(['d3', 'd3', 'd3']);
  });

  it('marks mate, check, castling, promotion and three-way disambiguation', () => {
    for (const fen of [
      'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2', // Qh4#
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
      '7k/1P6/8/8/8/8/8/K7 w - - 0 1',
      '7k/8/8/1Q1Q4/8/1Q6/8/K7 w - - 0 1',
      '4k3/8/8/8/8/2N1N3/8/K3N3 w - - 0 1',
    ])
      expectSameSans(
        parseFen(fen)
          .chain((setup) => Chess.fromSetup(setup))
          .unwrap(),
      );
  });
});
