import { describe, expect, test } from 'vitest';
import { engineUci, parseBestMove, parseInfo } from './uci-lines';

describe('UCI lines', () => {
  test("a score from the side to move becomes White's", () => {
    expect(parseInfo('info depth 12 seldepth 15 multipv 1 score cp -35 nodes 9 nps 1 pv e7e5 g1f3', 'black')).toEqual({
      depth: 12,
      multipv: 1,
      evaluation: { cp: 35 },
      pv: ['e7e5', 'g1f3'],
    });
    expect(parseInfo('info depth 9 multipv 2 score cp 20 pv d2d4', 'white')?.evaluation).toEqual({ cp: 20 });
  });

  test('mates keep their sign for White; a mated side to move is mate 0', () => {
    expect(parseInfo('info depth 5 score mate 1 pv h5f7', 'white')?.evaluation).toEqual({ mate: 1 });
    expect(parseInfo('info depth 5 score mate 2 pv d8h4', 'black')?.evaluation).toEqual({ mate: -2 });
    expect(parseInfo('info depth 0 score mate 0', 'black')?.evaluation).toEqual({ mate: 0 });
  });

  test('bound scores and lines without a score are skipped', () => {
    expect(parseInfo('info depth 10 score cp 30 lowerbound nodes 5', 'white')).toBeUndefined();
    expect(parseInfo('info depth 10 currmove e2e4 currmovenumber 1', 'white')).toBeUndefined();
    expect(parseInfo('readyok', 'white')).toBeUndefined();
  });

  test('bestmove, or none in a finished game', () => {
    expect(parseBestMove('bestmove e2e4 ponder e7e5')).toBe('e2e4');
    expect(parseBestMove('bestmove (none)')).toBeNull();
    expect(parseBestMove('info depth 1')).toBeUndefined();
  });

  test("castling king-to-rook becomes the king's two-square move, only for a king on e1/e8", () => {
    expect(engineUci('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1h1')).toBe('e1g1');
    expect(engineUci('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', 'e8a8')).toBe('e8c8');
    expect(engineUci('r3k2r/8/8/8/8/8/8/R3Q1KR w - - 0 1', 'e1h1')).toBe('e1h1');
    expect(engineUci('8/8/8/8/8/8/8/4K3 w - - 0 1', 'e1e2')).toBe('e1e2');
  });
});
