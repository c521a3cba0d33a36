import { describe, expect, test } from 'vitest';
import { isDubious, moveLoss } from './move-loss.js';
import { checkSuggestion, isRefuted, suggestAnswer, type AnswerCandidate } from './engine-suggestion.js';

const reply = (san: string, score: number, games: number, cp?: number): AnswerCandidate => ({
  uci: san,
  san,
  score,
  games,
  ...(cp === undefined ? {} : { evaluation: { cp } }),
});

describe('suggested answer (Black to move, evaluations from White)', () => {
  test('the reply with the highest scoreLow is picked whatever the engine says', () => {
    const candidates = [reply('e5', 0.48, 900, 30), reply('c5', 0.52, 700, 60), reply('a5', 0.6, 40, 150)];
    // a5 scores best over 40 games (scoreLow 0.44); c5's 52% over 700 games is surer (0.48).
    expect(suggestAnswer(candidates)?.san).toBe('c5');
    expect(suggestAnswer(candidates.map(({ evaluation: _, ...c }) => c))?.san).toBe('c5');
  });

  test('the engine confirms a pick within half a pawn of its best, and warns (naming a better reply) past it', () => {
    const sound = [reply('e5', 0.4, 10, 30), reply('d5', 0.6, 10, 80)];
    expect(checkSuggestion(sound[1], sound, { cp: 30 }, 'black')).toEqual({ verdict: 'confirmed' });
    const refuted = [reply('e5', 0.4, 10, 30), reply('d5', 0.6, 10, 81)];
    expect(checkSuggestion(refuted[1], refuted, { cp: 30 }, 'black')).toEqual({
      verdict: 'refuted',
      better: refuted[0],
    });
    expect(isRefuted(reply('d5', 0.6, 10, 81), { cp: 30 }, 'black')).toBe(true);
    expect(isRefuted(reply('d5', 0.6, 10, 80), { cp: 30 }, 'black')).toBe(false);
  });

  test("the engine's best counts even when it is no candidate; an unevaluated pick is unchecked", () => {
    const f6 = reply('f6', 0.7, 50, 200);
    expect(checkSuggestion(f6, [f6], { cp: 20 }, 'black')).toEqual({ verdict: 'refuted' });
    expect(checkSuggestion(f6, [f6], undefined, 'black')).toEqual({ verdict: 'confirmed' });
    expect(checkSuggestion(reply('e5', 0.9, 10), [], { cp: 0 }, 'black')).toEqual({ verdict: 'unchecked' });
  });

  test('ties in scoreLow go to more games, then SAN; a given scoreLow is used as it is', () => {
    expect(suggestAnswer([reply('e5', 0.5, 10, 0), reply('d5', 0.5, 90, 0)])?.san).toBe('d5');
    expect(suggestAnswer([reply('e5', 0.5, 90), reply('d5', 0.5, 90)])?.san).toBe('d5');
    expect(suggestAnswer([{ ...reply('e5', 0.5, 90), scoreLow: 0.7 }, reply('d5', 0.6, 90)])?.san).toBe('e5');
    expect(suggestAnswer([])).toBeUndefined();
  });

  test('for White a higher evaluation is better', () => {
    const candidates = [reply('Nf3', 0.55, 100, 40), reply('g4', 0.7, 100, -120)];
    expect(suggestAnswer(candidates)?.san).toBe('g4');
    expect(checkSuggestion(candidates[1], candidates, { cp: 40 }, 'white')).toEqual({
      verdict: 'refuted',
      better: candidates[0],
    });
  });

  test('a reply that mates is confirmed; one that allows mate is refuted', () => {
    const mating = { ...reply('Qh7', 0.3, 5), evaluation: { mate: 0 } };
    expect(checkSuggestion(mating, [reply('Kg1', 0.9, 5, 900), mating], { mate: 1 }, 'white').verdict).toBe(
      'confirmed',
    );
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
