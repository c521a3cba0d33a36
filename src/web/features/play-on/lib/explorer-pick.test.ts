import { describe, expect, test } from 'vitest';
import { EXPLORER_MIN_GAMES, explorerGames, pickExplorerMove, type WeightedMove } from './explorer-pick';

const move = (san: string, white: number, draws: number, black: number): WeightedMove => ({ san, white, draws, black });

/** mulberry32: the same numbers on every run, so the statistical check cannot flake. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the explorer picks the opponent move', () => {
  // Games of the berserk fixture's first three moves (test/fixtures/lichess/explorer_lichess_2025-12_berserk.json).
  const moves = [move('d4', 971, 110, 959), move('Nf6', 397, 70, 525), move('dxe4', 317, 55, 404)];

  test('each move as often as its share of the games, over many seeded draws', () => {
    const random = seeded(20260101);
    const draws = 40_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < draws; i++) {
      const san = pickExplorerMove(moves, random())!.san;
      counts.set(san, (counts.get(san) ?? 0) + 1);
    }
    const total = explorerGames(moves);
    expect(total).toBe(2040 + 992 + 776);
    for (const m of moves) {
      const expected = (m.white + m.draws + m.black) / total;
      // Three standard deviations of a share over 40,000 draws is under 0.008.
      expect(Math.abs(counts.get(m.san)! / draws - expected)).toBeLessThan(0.01);
    }
  });

  test.each([
    [0, 'd4'],
    [2039.5 / 3808, 'd4'],
    [2040 / 3808, 'Nf6'],
    [3031.9 / 3808, 'Nf6'],
    [3032 / 3808, 'dxe4'],
    [0.999999, 'dxe4'],
    [1, 'dxe4'],
  ])('random %f falls on %s (the games laid end to end)', (random, san) => {
    expect(pickExplorerMove(moves, random)?.san).toBe(san);
  });

  test('a move without games is never picked', () => {
    const withNone = [move('a6', 0, 0, 0), move('e5', 15, 0, 15), move('h5', 0, 0, 0)];
    for (const random of [0, 0.25, 0.5, 0.75, 0.999]) expect(pickExplorerMove(withNone, random)?.san).toBe('e5');
  });

  test(`fewer than ${EXPLORER_MIN_GAMES} games: no explorer move, the engine plays`, () => {
    expect(pickExplorerMove([move('e5', 10, 1, 8)], 0.5)).toBeUndefined();
    expect(pickExplorerMove([move('e5', 5, 0, 5), move('c5', 4, 0, 5)], 0.1)).toBeUndefined();
    expect(pickExplorerMove([], 0.5)).toBeUndefined();
    expect(pickExplorerMove([move('e5', 10, 2, 8)], 0.5)?.san).toBe('e5');
  });
});
