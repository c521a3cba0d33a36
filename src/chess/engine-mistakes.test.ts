import { describe, expect, test } from 'vitest';
import { findEngineMistakes, sanOf } from './engine-mistakes.js';
import { mainlineMoves, parseGames } from './pgn.js';

const game = (pgn: string) => {
  const played = parseGames(pgn).unwrap();
  return { startFen: played[0].startFen, moves: mainlineMoves(played[0]) };
};

describe('engine mistakes of a game', () => {
  const scholar = game('1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0');
  const evals = [
    { ply: 0, cp: 30, bestUci: 'e2e4' },
    { ply: 1, cp: 30, bestUci: 'e7e5' },
    { ply: 2, cp: 35, bestUci: 'g1f3' },
    { ply: 3, cp: 0, bestUci: 'b8c6' },
    { ply: 4, cp: 40, bestUci: 'f1c4' },
    { ply: 5, cp: 20, bestUci: 'g7g6' },
    { ply: 6, mate: 1, bestUci: 'h5f7' },
    { ply: 7, mate: 0 },
  ];

  test("Black's Nf6 allowing mate is a blunder with g6 as the better move", () => {
    expect(findEngineMistakes(scholar.startFen, scholar.moves, evals, 'black')).toEqual([
      {
        ply: 6,
        side: 'black',
        kind: 'blunder',
        drop: expect.any(Number),
        fenBefore: scholar.moves[4].fen,
        san: 'Nf6',
        better: 'g6',
      },
    ]);
  });

  test("White's moves are not the black player's mistakes, and mating is none of White's", () => {
    expect(findEngineMistakes(scholar.startFen, scholar.moves, evals, 'white')).toEqual([]);
  });

  test('a move whose evaluation after it is missing (a stopped analysis) is not judged', () => {
    expect(findEngineMistakes(scholar.startFen, scholar.moves, evals.slice(0, 6), 'black')).toEqual([]);
  });

  test('castling in engine notation becomes SAN', () => {
    const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    expect(sanOf(fen, 'e1g1')).toBe('O-O');
    expect(sanOf(fen, 'e1h1')).toBe('O-O');
    expect(sanOf(fen, 'e1e3')).toBeUndefined();
  });
});
