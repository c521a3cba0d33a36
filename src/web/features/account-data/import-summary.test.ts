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
  repertoire_sources: 0,
  repertoire_edits: 0,
  coverage_goals: 0,
  expected_scores: 0,
  scheduler: 0,
  game_analyses: 0,
  learn_attempts: 0,
  opponent_preps: 0,
  woodpecker_sets: 0,
  woodpecker_attempts: 0,
};

describe('importSummary', () => {
  test('names each kind that was added, singular or plural', () => {
    expect(importSummary({ ...none, cards: 2, review_logs: 1 })).toBe('Imported 2 cards and 1 card review.');
    expect(importSummary({ ...none, game_reviews: 1, mistakes: 3, studies: 2 })).toBe(
      'Imported 1 game review, 3 mistakes and 2 studies.',
    );
  });

  test('names the kinds the export gained later too', () => {
    expect(importSummary({ ...none, repertoire_edits: 12, scheduler: 1, woodpecker_sets: 1 })).toBe(
      'Imported 12 workshop edits, 1 fitted schedule and 1 Woodpecker set.',
    );
  });

  test('an import that added nothing says so', () => {
    expect(importSummary(none)).toBe('Nothing new: everything in this file is already in your account.');
  });
});
