import { describe, expect, test } from 'vitest';
import { newCard, Rating, reviewCard } from '../../chess/scheduling.js';
import { logFromColumns, logToColumns, scheduleFromColumns, scheduleToColumns } from './fsrs-columns.js';

describe('FSRS schedule <-> database columns', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const content = {
    id: 'c1',
    userId: '1',
    prompt: 'Best move?',
    promptFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    promptPgn: '',
    answer: 'e4',
    answerFen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    answerPgn: '',
    orientation: 'white' as const,
  };

  test('a reviewed schedule and its log survive the trip to columns and back', () => {
    const reviewed = reviewCard(newCard(content, now), Rating.Good, now);
    expect(reviewed.isOk).toBe(true);
    const { card, log } = reviewed.unwrap();
    const { due, stability, difficulty, elapsed_days, scheduled_days, reps, lapses, state, last_review } = card;
    const schedule = { due, stability, difficulty, elapsed_days, scheduled_days, reps, lapses, state, last_review };
    expect(scheduleFromColumns(scheduleToColumns(schedule))).toEqual(schedule);
    expect(logFromColumns(logToColumns(log))).toEqual(log);
  });

  test('a card never reviewed stores a null last review and reads back without one', () => {
    const columns = scheduleToColumns({
      due: '2026-03-01T12:00:00.000Z',
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      reps: 0,
      lapses: 0,
      state: 0,
      last_review: null,
    });
    expect(columns.lastReview).toBeNull();
    expect(columns.due).toEqual(new Date('2026-03-01T12:00:00.000Z'));
    expect('last_review' in scheduleFromColumns(columns)).toBe(false);
  });

  test('column names are the camelCase database ones', () => {
    const reviewed = reviewCard(newCard(content, now), Rating.Again, now).unwrap();
    expect(Object.keys(logToColumns(reviewed.log)).sort()).toEqual(
      [
        'rating',
        'state',
        'due',
        'stability',
        'difficulty',
        'elapsedDays',
        'lastElapsedDays',
        'scheduledDays',
        'review',
      ].sort(),
    );
    expect(scheduleToColumns(reviewed.card).lastReview).toEqual(now);
  });
});
