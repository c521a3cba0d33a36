import { describe, expect, test } from 'vitest';
import {
  answerBetween,
  answerFromSan,
  compareCycles,
  cycleTarget,
  MIN_TARGET_MS_PER_POSITION,
  summarizeCycle,
} from './woodpecker.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

describe('cycles', () => {
  test('only the first attempt at a position counts in a cycle', () => {
    const summary = summarizeCycle(
      [
        { positionId: 1, correct: false, ms: 4_000 },
        { positionId: 1, correct: true, ms: 1_000 },
        { positionId: 2, correct: true, ms: 2_000 },
      ],
      3,
    );
    expect(summary).toEqual({ attempted: 2, correct: 1, timeMs: 6_000, complete: false });
  });

  test('a cycle is complete once every position of the set is attempted', () => {
    const attempts = [1, 2, 3].map((positionId) => ({ positionId, correct: true, ms: 10 }));
    expect(summarizeCycle(attempts, 3).complete).toBe(true);
    expect(summarizeCycle([], 0).complete).toBe(false);
  });

  test.each([
    ['the first cycle has no target', undefined, 10, null],
    ['the second aims at half the first cycle’s time', { targetMs: null, timeMs: 600_000 }, 10, 300_000],
    [
      'later cycles halve the last target, however long the last took',
      { targetMs: 300_000, timeMs: 420_000 },
      10,
      150_000,
    ],
    [
      'a target never falls under the floor per position',
      { targetMs: 60_000, timeMs: 50_000 },
      10,
      10 * MIN_TARGET_MS_PER_POSITION,
    ],
  ])('%s', (_, previous, size, expected) => {
    expect(cycleTarget(previous, size)).toBe(expected);
  });

  test('a cycle is compared with the last complete one only', () => {
    const current = { attempted: 3, correct: 3, timeMs: 5_000, complete: true };
    expect(compareCycles(current, undefined)).toEqual({ faster: null, scoreChange: null });
    expect(compareCycles(current, { attempted: 2, correct: 1, timeMs: 9_000, complete: false })).toEqual({
      faster: null,
      scoreChange: null,
    });
    expect(compareCycles(current, { attempted: 3, correct: 2, timeMs: 9_000, complete: true })).toEqual({
      faster: true,
      scoreChange: 1,
    });
  });
});

describe('answers', () => {
  test('a SAN is read at its position', () => {
    expect(answerFromSan(START, 'Nf3')).toEqual({ uci: 'g1f3', san: 'Nf3' });
    expect(answerFromSan(START, 'Qxz9')).toBeUndefined();
    expect(answerFromSan('not a fen', 'e4')).toBeUndefined();
  });

  test('the one move between a card’s two boards is found', () => {
    expect(answerBetween(START, AFTER_E4)).toEqual({ uci: 'e2e4', san: 'e4' });
    expect(answerBetween(START, START)).toBeUndefined();
  });

  test('castling and promotion between boards are found', () => {
    const castle = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    const castled = 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1';
    expect(answerBetween(castle, castled)?.san).toBe('O-O');
    const promote = '8/4P3/8/8/8/8/k7/4K3 w - - 0 1';
    const knighted = '4N3/8/8/8/8/8/k7/4K3 b - - 0 1';
    expect(answerBetween(promote, knighted)?.san).toBe('e8=N');
  });
});
