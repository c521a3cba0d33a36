import { describe, expect, test } from 'vitest';
import { analysisLinkAt, clampStep, fenAt, moveText, readGameLine } from './game-line';
import { readFixture } from '../../../../test/fixtures.js';

const fixture = readFixture;

describe('readGameLine', () => {
  test('a Lichess game steps from the start through every mainline move', () => {
    const first = fixture('lichess/games_user_thibault_2025.pgn').split('\n\n\n')[0];
    const line = readGameLine(first).unwrap();
    expect(line.moves).toHaveLength(80);
    expect(moveText(line.moves[0])).toBe('1. e4');
    expect(moveText(line.moves[1])).toBe('1... e5');
    expect(moveText(line.moves[78])).toBe('40. Kg7');
    expect(fenAt(line, 0)).toBe(line.startFen);
    expect(fenAt(line, 1)).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(clampStep(line, 500)).toBe(80);
    expect(clampStep(line, -1)).toBe(0);
  });

  test('clock comments of a Chess.com game are skipped and castling marks the king squares', () => {
    const first = fixture('chesscom/games_fabianocaruana_2020_05.pgn').split(/\n\n(?=\[Event)/)[0];
    const line = readGameLine(first).unwrap();
    const castle = line.moves.find((m) => m.san.startsWith('O-O'))!;
    expect(castle.to).toMatch(/^[gc][18]$/);
    expect(line.moves.every((m) => !m.san.includes('clk'))).toBe(true);
  });

  test('a game set up from a FEN with black to move numbers its moves from there', () => {
    const pgn = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30"]\n\n30... Kd7 31. e4 *';
    const line = readGameLine(pgn).unwrap();
    expect(line.moves.map(moveText)).toEqual(['30... Kd7', '31. e4']);
  });

  test('an illegal move is an error naming the move', () => {
    const result = readGameLine('1. e4 e5 2. Ke3 *');
    expect(result.isErr && result.error.message).toMatch(/illegal move 2\. Ke3/);
  });
});

describe('analysisLinkAt', () => {
  test('carries the cleaned movetext, the colour and the current move', () => {
    const line = readGameLine('[Event "x"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Nf3 *').unwrap();
    expect(analysisLinkAt(line, 3, 'black')).toBe(
      'https://lichess.org/analysis/pgn/1.%20e4%20e5%202.%20Nf3?color=black#3',
    );
  });
});
