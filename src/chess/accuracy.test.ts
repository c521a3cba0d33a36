import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import { averageCentipawnLoss, gameAccuracy, gameFigures, moveAccuracy, standardDeviation } from './accuracy.js';
import { countJudgements, judgeGame, type PlyEvaluation } from './engine-mistakes.js';
import { mainlineMoves, parseGames } from './pgn.js';

// Lichess's formulas: lila modules/analyse/src/main/AccuracyPercent.scala (fromWinPercents,
// gameAccuracy), AccuracyCP.scala (ACPL), lila modules/common Maths.scala (population standard
// deviation, harmonic mean over max(1, v)), scalachess eval.scala (WinPercent, cp ceiled at 1000).

/** Lichess's export of q7ZvsdUF with its evaluations, and the figures it published for the game. */
const game = (() => {
  const played = parseGames(readFixture('lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn')).unwrap()[0];
  const moves = mainlineMoves(played);
  const evals: PlyEvaluation[] = moves.map((m) => {
    const text = m.comments?.join(' ') ?? '';
    const found = /\[%eval (#?)(-?[\d.]+)\]/.exec(text);
    if (!found) throw new Error(`no evaluation after ply ${m.ply}`);
    return found[1] ? { ply: m.ply, mate: Number(found[2]) } : { ply: m.ply, cp: Math.round(Number(found[2]) * 100) };
  });
  // Lichess's published judgements: the glyph of every annotated move.
  const marked = moves
    .filter((m) => m.nags?.some((n) => n === 2 || n === 4 || n === 6))
    .map((m) => ({
      ply: m.ply,
      kind: m.nags!.includes(4) ? 'blunder' : m.nags!.includes(2) ? 'mistake' : 'inaccuracy',
    }));
  return { startFen: played.startFen, moves, evals, marked };
})();

// The game's JSON export (accuracy=true), players.white/black.analysis.
const PUBLISHED = {
  white: { inaccuracy: 5, mistake: 2, blunder: 1, acpl: 26, accuracy: 90 },
  black: { inaccuracy: 3, mistake: 3, blunder: 1, acpl: 26, accuracy: 90 },
};

describe('a move’s accuracy', () => {
  test('is 100 for a move that keeps or gains, and follows the fitted curve plus one point otherwise', () => {
    expect(moveAccuracy(50, 50)).toBe(100);
    expect(moveAccuracy(50, 70)).toBe(100);
    expect(moveAccuracy(60, 50)).toBeCloseTo(
      103.1668100711649 * Math.exp(-0.04354415386753951 * 10) - 2.166924740191411,
      12,
    );
    expect(moveAccuracy(100, 0)).toBe(0);
    // Lichess's fit passes near 100 at 0 and near 60 at 10 points lost.
    expect(moveAccuracy(50.001, 50)).toBeCloseTo(100, 0);
  });

  test('the volatility is a population standard deviation', () => {
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
  });
});

describe('the game of q7ZvsdUF, judged and measured as Lichess published it', () => {
  test('every move Lichess marked, and no other, is judged the same', () => {
    const judged = judgeGame(game.startFen, game.moves, game.evals).map(({ ply, kind }) => ({ ply, kind }));
    expect(game.marked.length).toBe(15);
    expect(judged).toEqual(game.marked);
  });

  test("each side's inaccuracies, mistakes and blunders are Lichess's counts", () => {
    const counts = countJudgements(judgeGame(game.startFen, game.moves, game.evals));
    for (const side of ['white', 'black'] as const) {
      const { inaccuracy, mistake, blunder } = PUBLISHED[side];
      expect(counts[side]).toEqual({ inaccuracy, mistake, blunder });
    }
  });

  test("accuracy and ACPL of each side are Lichess's", () => {
    const figures = gameFigures(game.startFen, game.evals, game.moves.length);
    expect(figures.accuracy).toEqual({ white: PUBLISHED.white.accuracy, black: PUBLISHED.black.accuracy });
    expect(figures.acpl).toEqual({ white: PUBLISHED.white.acpl, black: PUBLISHED.black.acpl });
  });
});

/** The published formulas written out once more, plainly, to hold the module to. */
function referenceAccuracy(startCp: number, cps: number[]) {
  const win = (cp: number) => 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * Math.max(-1000, Math.min(1000, cp)))) - 1);
  const wins = [startCp, ...cps].map(win);
  const size = Math.min(8, Math.max(2, Math.trunc(cps.length / 10)));
  const weights: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    // The first windows repeat the opening one; then each move's window ends one position later.
    const from = Math.max(0, i - size + 2);
    const window = wins.slice(from, from + size);
    const m = window.reduce((a, b) => a + b, 0) / window.length;
    const sd = Math.sqrt(window.reduce((a, x) => a + (x - m) ** 2, 0) / window.length);
    weights.push(Math.min(12, Math.max(0.5, sd)));
  }
  const side = (parity: number) => {
    const acc: number[] = [];
    const w: number[] = [];
    for (let i = parity; i < cps.length; i += 2) {
      const [a, b] = parity === 0 ? [wins[i], wins[i + 1]] : [100 - wins[i], 100 - wins[i + 1]];
      acc.push(
        b >= a
          ? 100
          : Math.min(
              100,
              Math.max(0, 103.1668100711649 * Math.exp(-0.04354415386753951 * (a - b)) - 3.166924740191411 + 1),
            ),
      );
      w.push(weights[i]);
    }
    const weighted = acc.reduce((s, x, k) => s + x * w[k], 0) / w.reduce((s, x) => s + x, 0);
    const harmonic = acc.length / acc.reduce((s, x) => s + 1 / Math.max(1, x), 0);
    return (weighted + harmonic) / 2;
  };
  return { white: side(0), black: side(1) };
}

describe('accuracy against the formulas written out', () => {
  test.each([
    ['a short game', [20, 30, -250, 400, 380, 390, -700]],
    ['a long swinging game', Array.from({ length: 97 }, (_, i) => Math.round(600 * Math.sin(i / 3) + (i % 7) * 40))],
    ['a game ending in a mate counted as 1000', [30, 35, 900, 1000, 1000]],
  ])('%s', (_, cps) => {
    const ours = gameAccuracy(15, cps, 'white');
    const reference = referenceAccuracy(15, cps);
    expect(ours.white).toBeCloseTo(reference.white, 10);
    expect(ours.black).toBeCloseTo(reference.black, 10);
  });

  test('a game where nobody loses ground is 100 for both sides', () => {
    const ours = gameAccuracy(15, [15, 15, 15, 15], 'white');
    expect(ours).toEqual({ white: 100, black: 100 });
  });

  test('ACPL caps at 1000 and counts gains as 0, per side', () => {
    // White: 15 -> -2000 (capped: 1015 lost); Black: -2000 -> 3000 (capped: 2000 lost), then gains.
    expect(averageCentipawnLoss(15, [-2000, 3000, 3000, 0], 'white')).toEqual({
      white: Math.round((1015 + 0) / 2),
      black: Math.round((2000 + 0) / 2),
    });
    expect(averageCentipawnLoss(15, [], 'white')).toEqual({ white: undefined, black: undefined });
  });

  test('a stopped analysis counts the moves up to the first position not evaluated', () => {
    const partial = game.evals.filter((e) => e.ply <= 40 || e.ply > 41);
    const head = gameFigures(game.startFen, game.evals.slice(0, 40), game.moves.length);
    expect(gameFigures(game.startFen, partial, game.moves.length)).toEqual(head);
  });
});
