import { describe, expect, test } from 'vitest';
import { isDubious, moveLoss } from './move-loss.js';
import { isRefuted, suggestAnswer, type AnswerCandidate } from './engine-suggestion.js';

const reply = (san: string, score: number, games: number, cp?: number): AnswerCandidate => ({
  uci: san,
  san,
  score,
  games,
  ...(cp === undefined ? {} : { evaluation: { cp } }),
});

describe('suggested answer (Black to move, evaluations from White)', () => {
  test('the best-scoring reply within half a pawn of the best wins', () => {
    const candidates = [reply('e5', 0.48, 900, 30), reply('c5', 0.52, 700, 60), reply('a5', 0.6, 40, 150)];
    // a5 scores best but loses 1.2 pawns; c5 scores next and is 0.3 worse than e5.
    expect(suggestAnswer(candidates, { cp: 30 }, 'black')?.san).toBe('c5');
  });

  test('exactly half a pawn behind is still sound; a centipawn more is refuted', () => {
    expect(suggestAnswer([reply('e5', 0.4, 10, 30), reply('d5', 0.6, 10, 80)], { cp: 30 }, 'black')?.san).toBe('d5');
    expect(suggestAnswer([reply('e5', 0.4, 10, 30), reply('d5', 0.6, 10, 81)], { cp: 30 }, 'black')?.san).toBe('e5');
    expect(isRefuted(reply('d5', 0.6, 10, 81), { cp: 30 }, 'black')).toBe(true);
    expect(isRefuted(reply('d5', 0.6, 10, 80), { cp: 30 }, 'black')).toBe(false);
  });

  test("the engine's best counts even when it is no candidate: all of them may be refuted", () => {
    expect(suggestAnswer([reply('f6', 0.7, 50, 200)], { cp: 20 }, 'black')).toBeUndefined();
    // Without the engine's best the evaluated candidates set the bar.
    expect(suggestAnswer([reply('f6', 0.7, 50, 200)], undefined, 'black')?.san).toBe('f6');
  });

  test('unevaluated replies are never suggested; ties in score go to more games', () => {
    expect(suggestAnswer([reply('e5', 0.9, 10)], { cp: 0 }, 'black')).toBeUndefined();
    expect(suggestAnswer([reply('e5', 0.5, 10, 0), reply('d5', 0.5, 90, 0)], { cp: 0 }, 'black')?.san).toBe('d5');
  });

  test('for White a higher evaluation is better', () => {
    const candidates = [reply('Nf3', 0.55, 100, 40), reply('g4', 0.7, 100, -120)];
    expect(suggestAnswer(candidates, { cp: 40 }, 'white')?.san).toBe('Nf3');
  });

  test('a reply that mates beats any evaluation; one that allows mate is refuted', () => {
    const mating = { ...reply('Qh7', 0.3, 5), evaluation: { mate: 0 } };
    expect(suggestAnswer([reply('Kg1', 0.9, 5, 900), mating], { mate: 1 }, 'white')?.san).toBe('Qh7');
    expect(isRefuted({ ...reply('Kh1', 0.9, 5), evaluation: { mate: -1 } }, { cp: 0 }, 'white')).toBe(true);
  });
});

describe('dubious repertoire moves', () => {
  test('a loss of a pawn or more is dubious, less is not', () => {
    expect(moveLoss({ cp: 30 }, { cp: -70 }, 'white')).toBe(100);
    expect(isDubious({ cp: 30 }, { cp: -70 }, 'white')).toBe(true);
    expect(isDubious({ cp: 30 }, { cp: -69 }, 'white')).toBe(false);
    // Black's view: White going from +20 to +120 costs Black a pawn.
    expect(isDubious({ cp: 20 }, { cp: 120 }, 'black')).toBe(true);
    // A better move than the engine's best at its depth loses nothing.
    expect(moveLoss({ cp: 20 }, { cp: -40 }, 'black')).toBe(0);
  });
});
