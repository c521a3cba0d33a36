import { describe, expect, test } from 'vitest';
import { JUDGEMENT_THRESHOLDS, judgeMove, winningChancesLoss } from './judgement.js';
import { winningChances } from './win-chance.js';

// Lichess's rule: lila modules/tree/src/main/Advice.scala (CpAdvice, MateAdvice) with scalachess
// core/src/main/scala/eval.scala WinPercent.winningChances (multiplier -0.00368208, raw cp).

/** White's centipawns at which White's winning chances are `w` (-1..+1): the inverse of the curve. */
const cpFor = (w: number) => -Math.log(2 / (w + 1) - 1) / 0.00368208;

describe('winning chances', () => {
  test('follow 2 / (1 + exp(-0.00368208 cp)) - 1 on raw centipawns, not capped at 1000', () => {
    expect(winningChances(0)).toBe(0);
    expect(winningChances(190)).toBeCloseTo(2 / (1 + Math.exp(-0.00368208 * 190)) - 1, 12);
    expect(winningChances(1500)).toBeGreaterThan(winningChances(1000));
    expect(winningChances(-300)).toBeCloseTo(-winningChances(300), 12);
  });
});

describe('judgements by the loss of winning chances, both colours', () => {
  // The mover starts at +0.2 winning chances.
  const start = 0.2;
  test.each(
    JUDGEMENT_THRESHOLDS.flatMap(([kind, least]) => [
      ['white', kind, least],
      ['black', kind, least],
    ]),
  )('a %s %s: a loss just over %d winning chances is one, just under is not', (side, kind, least) => {
    const mover = side as 'white' | 'black';
    const loss = least as number;
    // The mover's own winning chances go from `start` to just past / just short of `start - loss`;
    // evaluations are White's, so Black's are mirrored.
    const sign = mover === 'white' ? 1 : -1;
    const before = { cp: sign * cpFor(start) };
    const over = { cp: sign * cpFor(start - loss - 1e-9) };
    const under = { cp: sign * cpFor(start - loss + 1e-9) };
    expect(winningChancesLoss(before.cp, over.cp, mover)).toBeGreaterThan(loss);
    expect(winningChancesLoss(before.cp, under.cp, mover)).toBeLessThan(loss);
    expect(judgeMove(before, over, mover)).toBe(kind);
    expect(judgeMove(before, under, mover)).not.toBe(kind);
  });

  test.each([
    // Lichess's own judgements of q7ZvsdUF (the literate export): (before -> after), White's side.
    ['black', 5, 85, 'inaccuracy'], // 4... Nd7?! (0.05 → 0.85)
    ['white', 190, 44, 'mistake'], // 14. Qf3? (1.90 → 0.44)
    ['white', 54, -34, 'inaccuracy'], // 16. Qe2?! (0.54 → -0.34)
    ['black', -34, 158, 'blunder'], // 16... Kf7?? (-0.34 → 1.58)
    ['white', 213, 8, 'blunder'], // 54. Nd2?? (2.13 → 0.08)
    ['white', 63, 8, 'inaccuracy'], // 59. Ke3?! (0.63 → 0.08)
    ['white', 57, 25, undefined], // 58. Kf3 (0.57 → 0.25), not marked
    ['black', 8, 21, undefined],
  ] as const)('%s from %d to %d cp is %s', (mover, before, after, kind) => {
    expect(judgeMove({ cp: before }, { cp: after }, mover)).toBe(kind);
  });

  test('a move that gains is never judged', () => {
    expect(judgeMove({ cp: -400 }, { cp: 300 }, 'white')).toBeUndefined();
    expect(judgeMove({ cp: 400 }, { cp: -300 }, 'black')).toBeUndefined();
  });
});

describe("Lichess's mate rules", () => {
  test.each([
    // Mate created: the mover's evaluation before decides (-999 / -700).
    ['white', { cp: -1000 }, { mate: -4 }, 'inaccuracy'],
    ['white', { cp: -999 }, { mate: -4 }, 'mistake'],
    ['white', { cp: -701 }, { mate: -4 }, 'mistake'],
    ['white', { cp: -700 }, { mate: -4 }, 'blunder'],
    ['white', { cp: 50 }, { mate: -1 }, 'blunder'],
    ['black', { cp: 1000 }, { mate: 4 }, 'inaccuracy'],
    ['black', { cp: 999 }, { mate: 4 }, 'mistake'],
    ['black', { cp: 701 }, { mate: 4 }, 'mistake'],
    ['black', { cp: 700 }, { mate: 4 }, 'blunder'],
    // Forced mate lost: the mover's evaluation after decides (+999 / +700).
    ['white', { mate: 3 }, { cp: 1000 }, 'inaccuracy'],
    ['white', { mate: 3 }, { cp: 999 }, 'mistake'],
    ['white', { mate: 3 }, { cp: 701 }, 'mistake'],
    ['white', { mate: 3 }, { cp: 700 }, 'blunder'],
    ['black', { mate: -3 }, { cp: -1000 }, 'inaccuracy'],
    ['black', { mate: -3 }, { cp: -999 }, 'mistake'],
    ['black', { mate: -3 }, { cp: -701 }, 'mistake'],
    ['black', { mate: -3 }, { cp: -700 }, 'blunder'],
    // From mating to being mated.
    ['white', { mate: 2 }, { mate: -3 }, 'blunder'],
    ['black', { mate: -2 }, { mate: 3 }, 'blunder'],
    // A slower mate, a mate kept, mating and escaping a mate are no judgement.
    ['white', { mate: 2 }, { mate: 6 }, undefined],
    ['black', { mate: -2 }, { mate: -6 }, undefined],
    ['white', { mate: 1 }, { mate: 0 }, undefined],
    ['black', { mate: -1 }, { mate: 0 }, undefined],
    ['white', { mate: -3 }, { cp: -200 }, undefined],
    ['white', { cp: 300 }, { mate: 5 }, undefined],
  ] as const)('%s from %o to %o is %s', (mover, before, after, kind) => {
    expect(judgeMove(before, after, mover)).toBe(kind);
  });
});
