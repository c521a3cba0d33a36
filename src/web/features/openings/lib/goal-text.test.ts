import { describe, expect, test } from 'vitest';
import { bandsText, expectedSentence, goalOfOneIn, goalText } from './goal-text';

describe('coverage goal in words', () => {
  test('the expected score reads as the player would say it', () => {
    const expected = {
      score: 0.5421,
      baseline: 0.51,
      covered_reach: 0.93,
      games: 1000,
      speeds: 'blitz',
      ratings: '1600,1800',
    };
    expect(expectedSentence('white', expected)).toBe(
      'Your White repertoire scores 54.2% at 1600-1800 blitz where players score 51.0% after your first moves',
    );
    expect(expectedSentence('black', { ...expected, ratings: '2000' })).toBe(
      "Your Black repertoire scores 54.2% at 2000 blitz where players score 51.0% after White's first moves",
    );
  });

  test('bands and speeds', () => {
    expect(bandsText('blitz,rapid,classical', '1800,2000,2200')).toBe('1800-2200 blitz, rapid and classical');
    expect(bandsText('rapid', '1600')).toBe('1600 rapid');
  });

  test('a goal reads as 1 in N games and back; nonsense is refused', () => {
    expect(goalText(1 / 150)).toBe('1 in 150 games');
    expect(goalOfOneIn('150')).toBe(1 / 150);
    expect(goalOfOneIn('1,000')).toBe(1 / 1000);
    expect(goalOfOneIn('1')).toBeUndefined();
    expect(goalOfOneIn('often')).toBeUndefined();
    expect(goalOfOneIn('20000')).toBeUndefined();
  });
});
