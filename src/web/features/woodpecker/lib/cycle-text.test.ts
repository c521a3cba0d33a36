import { describe, expect, test } from 'vitest';
import { clockText, comparisonText, cycleHeading } from './cycle-text';

const cycle = (n: number, correct: number, timeMs: number, targetMs: number | null = null) => ({
  cycle: n,
  target_ms: targetMs,
  attempted: 10,
  correct,
  time_ms: timeMs,
  complete: true,
  started_at: '',
  finished_at: '',
});

describe('Woodpecker texts', () => {
  test.each([
    [0, '0:00'],
    [65_000, '1:05'],
    [3_723_000, '1:02:03'],
  ])('%i ms reads %s', (ms, text) => expect(clockText(ms)).toBe(text));

  test('the first cycle sets the pace, later ones name their target', () => {
    expect(cycleHeading(cycle(1, 0, 0))).toBe('Cycle 1 · this cycle sets the pace');
    expect(cycleHeading(cycle(2, 0, 0, 30_000))).toBe('Cycle 2 · target 0:30');
  });

  test('a cycle is compared with the one before in time and right answers', () => {
    expect(comparisonText(cycle(2, 9, 15_000), cycle(1, 8, 60_000))).toBe(
      '45 s faster than cycle 1, 1 more right (8 of 10 in 1:00)',
    );
    expect(comparisonText(cycle(2, 7, 70_000), cycle(1, 8, 60_000))).toBe(
      '10 s slower than cycle 1, 1 fewer right (8 of 10 in 1:00)',
    );
    expect(comparisonText(cycle(1, 7, 70_000), null)).toMatch(/first cycle/);
  });
});
