import { describe, expect, test } from 'vitest';
import { scoreFor, suggestedAnswer, SUGGESTION_MIN_GAMES } from './suggested-answer.js';
import { wilsonLow } from './wilson.js';

const move = (san: string, white: number, draws: number, black: number) => ({ san, uci: san, white, draws, black });

describe('suggested answer', () => {
  test('the move with the best scoreLow for the player, from their side', () => {
    const position = {
      white: 500,
      draws: 100,
      black: 400,
      moves: [move('e4', 300, 50, 250), move('d4', 200, 50, 150)],
    };
    expect(suggestedAnswer(position, 'white')).toEqual({
      san: 'd4',
      uci: 'd4',
      score: 225 / 400,
      scoreLow: wilsonLow(225 / 400, 400),
      games: 400,
    });
    expect(suggestedAnswer(position, 'black')?.san).toBe('e4');
  });

  test('a higher score over fewer games loses to a sure one: the lower bound ranks', () => {
    // f4: 70% of 20 games (scoreLow 0.48); Bc4: 60% of 80 games (0.49).
    const position = { white: 60, draws: 0, black: 40, moves: [move('f4', 14, 0, 6), move('Bc4', 48, 0, 32)] };
    expect(suggestedAnswer(position, 'white')?.san).toBe('Bc4');
  });

  test('a move played too rarely is never suggested, however well it scored', () => {
    const rare = move('b4', SUGGESTION_MIN_GAMES - 1, 0, 0);
    const position = { white: 600, draws: 0, black: 400, moves: [move('e4', 500, 0, 491), rare] };
    expect(suggestedAnswer(position, 'white')?.san).toBe('e4');
    // 2% of 10,000 games is 200: 150 games is too few there.
    const big = { white: 5000, draws: 0, black: 5000, moves: [move('e4', 4000, 0, 5850), move('f4', 150, 0, 0)] };
    expect(suggestedAnswer(big, 'white')?.san).toBe('e4');
  });

  test('equal scoreLow goes to the more played move, then to SAN, in any order; no moves, no suggestion', () => {
    const position = { white: 30, draws: 0, black: 30, moves: [move('c4', 10, 0, 10), move('Nf3', 20, 0, 20)] };
    expect(suggestedAnswer(position, 'white')?.san).toBe('Nf3');
    const twins = [move('f4', 20, 0, 20), move('Bc4', 20, 0, 20)];
    expect(suggestedAnswer({ white: 40, draws: 0, black: 40, moves: twins }, 'white')?.san).toBe('Bc4');
    expect(suggestedAnswer({ white: 40, draws: 0, black: 40, moves: [...twins].reverse() }, 'white')?.san).toBe('Bc4');
    expect(suggestedAnswer({ white: 0, draws: 0, black: 0, moves: [] }, 'black')).toBeNull();
  });

  test('score counts half a point for a draw', () => {
    expect(scoreFor({ white: 1, draws: 2, black: 1 }, 'black')).toBe(0.5);
    expect(scoreFor({ white: 0, draws: 0, black: 0 }, 'white')).toBe(0);
  });
});
