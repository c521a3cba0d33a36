import { describe, expect, test } from 'vitest';
import { fenAfterUci, judgeTry } from './learn-check';

describe('a try in Learn from your mistakes', () => {
  test('is right within 5 points of win percentage of the best move, for either side', () => {
    // +1.00 is 59.1% for White; +0.73 is 56.7% (2.4 points less), +0.40 is 53.7% (5.4 points less).
    expect(judgeTry({ cp: 100 }, { cp: 73 }, 'white').right).toBe(true);
    expect(judgeTry({ cp: 100 }, { cp: 40 }, 'white').right).toBe(false);
    expect(judgeTry({ cp: -100 }, { cp: -73 }, 'black').right).toBe(true);
    expect(judgeTry({ cp: -100 }, { cp: -40 }, 'black').right).toBe(false);
  });

  test('a move as good as the best, or another mate, is right; missing the mate is not', () => {
    expect(judgeTry({ mate: 2 }, { mate: 4 }, 'white')).toEqual({ right: true, loss: 0 });
    expect(judgeTry({ mate: 2 }, { cp: 300 }, 'white').right).toBe(false);
    expect(judgeTry({ cp: 20 }, { cp: 40 }, 'white')).toEqual({ right: true, loss: 0 });
  });

  test("the engine's reply is played from the position", () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(fenAfterUci(start, 'e2e4')?.fen).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(fenAfterUci(start, 'e2e5')).toBeUndefined();
  });
});
