import { describe, expect, test } from 'vitest';
import { importSummary } from './import-summary';

const none = {
  game_reviews: 0,
  mistakes: 0,
  cards: 0,
  review_logs: 0,
  studies: 0,
  drill: 0,
  drill_logs: 0,
  uploaded_stats: 0,
};

describe('importSummary', () => {
  test('names each kind that was added, singular or plural', () => {
    expect(importSummary({ ...none, cards: 2, review_logs: 1 })).toBe('Imported 2 cards and 1 card review.');
    expect(importSummary({ ...none, game_reviews: 1, mistakes: 3, studies: 2 })).toBe(
      'Imported 1 game review, 3 mistakes and 2 studies.',
    );
  });

  test('an import that added nothing says so', () => {
    expect(importSummary(none)).toBe('Nothing new: everything in this file is already in your account.');
  });
});
