import { describe, expect, test } from 'vitest';
import type { StarterBuild } from '@contract/starter';
import {
  bandOneIn,
  bandsText,
  estimateText,
  goalOfOneIn,
  goalText,
  percentDone,
  progressText,
  reviewsText,
  starterFileName,
  statusText,
} from './starter-text';

const build: StarterBuild = {
  id: '6f1c2b9e-3d4a-4f5b-8c7d-9e0a1b2c3d4e',
  color: 'white',
  line: '1. e4',
  speeds: 'blitz,rapid,classical',
  ratings: '1800,2000,2200,2500',
  goal: 1 / 150,
  status: 'done',
  message: null,
  done: 40,
  queued: 0,
  positions: 61,
  own_moves: 20,
  lines: 14,
  reviews_per_day: 4.2,
  pgn: '[Event "Starter: 1. e4"]\n\n1. e4 e5 2. Nf3 *',
  started_at: '2026-05-01T10:00:00Z',
  ended_at: '2026-05-01T10:01:00Z',
};

describe('a starter build in words', () => {
  test('a goal reads as 1 in N games and back; nonsense is refused', () => {
    expect(goalText(1 / 150)).toBe('1 in 150 games');
    expect(goalText(1 / 10_000)).toBe('1 in 10,000 games');
    expect(goalOfOneIn('150')).toBe(1 / 150);
    expect(goalOfOneIn(' 1,000 ')).toBe(1 / 1000);
    expect.soft(goalOfOneIn('')).toBeUndefined();
    expect.soft(goalOfOneIn('1')).toBeUndefined();
    expect.soft(goalOfOneIn('12.5')).toBeUndefined();
    expect.soft(goalOfOneIn('20000')).toBeUndefined();
    expect.soft(goalOfOneIn('many')).toBeUndefined();
  });

  test.each([
    [['1800', '2000', '2200', '2500'], 150],
    [['1000', '2000'], 75],
    [['1400'], 100],
    [['2000', '2200'], 200],
    [[], 100],
  ])('the default goal follows the lowest band %j: 1 in %i', (ratings, n) => {
    expect(bandOneIn(ratings)).toBe(n);
  });

  test.each([
    [{ low: 40, high: 120, seconds_per_lookup: 1 }, 'About 40–120 positions to look up, some 1–2 minutes'],
    [{ low: 300, high: 1200, seconds_per_lookup: 1 }, 'About 300–1,200 positions to look up, some 5–20 minutes'],
    [{ low: 10, high: 30, seconds_per_lookup: 0.2 }, 'About 10–30 positions to look up, about a minute'],
    [{ low: 200, high: 200, seconds_per_lookup: 1.2 }, 'About 200 positions to look up, some 4 minutes'],
  ])('the estimate %j reads "%s"', (estimate, text) => {
    expect(estimateText(estimate)).toBe(`${text} at the explorer's pace`);
  });

  test('progress counts what was looked up of what is known so far', () => {
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(12, 28)).toBe(30);
    expect(percentDone(40, 0)).toBe(100);
    expect(progressText(12, 1228, 25)).toBe('12 of 1,240 positions looked up, 25 in the tree');
  });

  test('the daily reviews have one decimal below 10, and a tiny figure is not shown as 0.0', () => {
    expect(reviewsText(4.2)).toBe('about 4.2 reviews a day in the first month');
    expect(reviewsText(1)).toBe('about 1.0 reviews a day in the first month');
    expect(reviewsText(22.04)).toBe('about 22 reviews a day in the first month');
    expect(reviewsText(0.04)).toBe('under 0.1 reviews a day in the first month');
  });

  test('each end of a build says what it kept', () => {
    expect(statusText(build)).toBe('Done: White from 1. e4, every reply met in at least 1 in 150 games.');
    // A note on a done build says what it could not do: the status claims nothing beside it.
    const rare = 'Games at these bands reach the end of 1. e4 in no games, under your goal';
    expect(statusText({ ...build, message: rare })).toBe('Done: White from 1. e4.');
    expect(statusText({ ...build, status: 'stopped', positions: 12 })).toBe(
      'Stopped: kept what it found, 12 positions.',
    );
    expect(statusText({ ...build, status: 'failed', message: 'The explorer did not answer.' })).toBe(
      'Failed: The explorer did not answer.',
    );
    expect(statusText({ ...build, status: 'failed', message: null })).toBe('Failed: the build ended early.');
  });

  test.each([
    ['white', '1. e4', 'starter-white-1-e4.pgn'],
    ['black', '1. e4 c6', 'starter-black-1-e4-c6.pgn'],
    ['black', '1. d4 Nf6 2. c4 e6', 'starter-black-1-d4-nf6-2-c4-e6.pgn'],
    ['white', '1.e4 e5 2.Nf3!? Nc6 3.Bb5+', 'starter-white-1-e4-e5-2-nf3-nc6-3-bb5.pgn'],
    ['white', '', 'starter-white.pgn'],
  ] as const)('the %s build of "%s" downloads as %s', (color, line, name) => {
    expect(starterFileName(color, line)).toBe(name);
  });

  test('bands and speeds', () => {
    expect(bandsText('blitz,rapid,classical', '1800,2000,2200,2500')).toBe('1800-2500 blitz, rapid and classical');
    expect(bandsText('rapid', '1600')).toBe('1600 rapid');
  });
});
