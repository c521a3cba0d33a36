import { describe, expect, test } from 'vitest';
import { INITIAL_FEN } from 'chessops/fen';
import { positionKey } from './fen.js';
import { lineSanMoves, playerPositionsAlong } from './line-positions.js';
import { opponentPrep, type PrepGame } from './opponent-prep.js';
import { buildRepertoireFromPgn } from './repertoire.js';

// The player will have Black; the opponent plays White in every game.
const BLACK = buildRepertoireFromPgn(
  '1. e4 c5 2. Nf3 (2. Nc3 Nc6) 2... d6 3. d4 cxd4 4. Nxd4 Nf6 *\n\n1. d4 Nf6 2. c4 e6 *',
  { color: 'black', name: 'Black repertoire' },
).unwrap();

let nextId = 0;
const game = (moves: string, result: number | null, tags = ''): PrepGame<{ id: number }> => ({
  pgn: `[White "opp"]\n[Black "someone"]\n${tags}\n${moves}`,
  result,
  ref: { id: ++nextId },
});

describe('opponentPrep', () => {
  test('an opponent move the repertoire does not answer is a surprise, grouped and scored from the player side', () => {
    const prep = opponentPrep(
      [
        game('1. e4 c5 2. c3 d5 1-0', 0),
        game('1. e4 c5 2. c3 Nf6 0-1', 1),
        game('1. e4 c5 2. c3 e6 1/2-1/2', 0.5),
        game('1. d4 Nf6 2. Nf3 e6 1-0', 0),
      ],
      BLACK,
    );
    expect(prep.games).toBe(4);
    expect(prep.compared).toBe(4);
    expect(prep.surprises.map((s) => [s.line, s.playedSan, s.expectedSan, s.count, s.score])).toEqual([
      ['1. e4 c5', 'c3', ['Nf3', 'Nc3'], 3, 0.5],
      ['1. d4 Nf6', 'Nf3', ['c4'], 1, 0],
    ]);
    expect(prep.surprises[0].color).toBe('black');
    expect(prep.surprises[0].games.map((g) => g.ply)).toEqual([3, 3, 3]);
  });

  test("the player's own departures are no surprise but still give the line followed", () => {
    const prep = opponentPrep(
      [game('1. e4 c5 2. Nf3 Nc6 1-0', 0), game('1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 0-1', 1)],
      BLACK,
    );
    expect(prep.surprises).toEqual([]);
    expect(prep.theirLines.map(({ fen: _fen, ...line }) => line)).toEqual([
      // Deeper first when the counts are equal; the end of a repertoire line is as deep as a game can share.
      { line: '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6', plies: 8, count: 1, score: 1 },
      { line: '1. e4 c5 2. Nf3', plies: 3, count: 1, score: 0 },
    ]);
  });

  test('a line ends at the deepest position its games shared with the repertoire', () => {
    const prep = opponentPrep([game('1. e4 c5 2. c3 d5 1-0', 0)], BLACK);
    expect(prep.theirLines[0]).toMatchObject({
      line: '1. e4 c5',
      fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    });
  });

  test('lines are counted per deepest shared position, most games first', () => {
    const prep = opponentPrep(
      [
        game('1. e4 c5 2. Nc3 Nc6 3. g3 1-0', null),
        game('1. e4 c5 2. Nc3 Nc6 3. f4 1-0', 0),
        game('1. e4 c5 2. Nf3 d6 3. Bb5+ 1-0', 0),
        game('1. b3 e5 1-0', 0),
      ],
      BLACK,
    );
    expect(prep.theirLines.map(({ fen: _fen, ...line }) => line)).toEqual([
      { line: '1. e4 c5 2. Nc3 Nc6', plies: 4, count: 2, score: 0 },
      { line: '1. e4 c5 2. Nf3 d6', plies: 4, count: 1, score: 0 },
    ]);
    // 1. b3 shares only the start: a surprise, and no line. After 2... Nc6 the repertoire's line ends:
    // what follows is not a move it fails to answer.
    expect(prep.surprises.map((s) => [s.line, s.playedSan])).toEqual([
      ['', 'b3'],
      ['1. e4 c5 2. Nf3 d6', 'Bb5+'],
    ]);
  });

  test('games from a set-up position and games abandoned before a move are counted but not compared', () => {
    const prep = opponentPrep(
      [
        game('1. e4 c5 *', null),
        game('1. e4 *', null, '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]'),
        game('*', null),
        game('0-1', 1, '[Termination "Abandoned"]'),
      ],
      BLACK,
    );
    expect([prep.games, prep.compared]).toEqual([4, 1]);
    expect(prep.theirLines.map((l) => l.count)).toEqual([1]);
  });
});

describe('playerPositionsAlong', () => {
  test('walks each line through the repertoire and keeps the player-to-move positions once', () => {
    const keys = playerPositionsAlong(BLACK, ['1. e4 c5 2. Nf3 d6 3. d4', '1. e4 c5 2. Nc3 Nc6', '1. e4 c5 2. Nf3']);
    const after = (sans: string) => {
      let key = positionKey(INITIAL_FEN);
      for (const san of lineSanMoves(sans)) key = BLACK.positions.get(key)!.moves.find((m) => m.san === san)!.to;
      return key;
    };
    expect(keys).toEqual([
      after('1. e4'),
      after('1. e4 c5 2. Nf3'),
      after('1. e4 c5 2. Nf3 d6 3. d4'),
      after('1. e4 c5 2. Nc3'),
    ]);
  });

  test('a line stops at its first move outside the repertoire', () => {
    expect(playerPositionsAlong(BLACK, ['1. e4 e5 2. Nf3'])).toHaveLength(1);
    expect(playerPositionsAlong(BLACK, ['1. c4'])).toEqual([]);
  });

  test('lineSanMoves reads numbers, black move numbers and annotations', () => {
    expect(lineSanMoves('1. e4 c5 2. Nf3!? {a comment} 2... d6 3.d4 *')).toEqual(['e4', 'c5', 'Nf3', 'd6', 'd4']);
  });
});
