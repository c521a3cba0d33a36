import { describe, expect, test } from 'vitest';
import { reviewRowText } from './components/review-list';
import { learnResultText, openingText } from './review-text';

const PGN =
  '[Event "Rated blitz game"]\n[White "thibault"]\n[Black "juan_queve"]\n[Result "1-0"]\n[ECO "C30"]\n[Opening "King\'s Gambit Declined"]\n\n1. e4 e5 2. f4 Nc6 1-0';

describe('review rows', () => {
  test('a row shows the result and the opening after the players, date and site', () => {
    const row = reviewRowText({
      hero_color: 'White',
      username: 'thibault',
      opponent_name: 'juan_queve',
      date_time_played: null,
      site: 'Lichess',
      result: 1,
      pgn: PGN,
      notes: ' castle\nearlier ',
    });
    expect(row).toBe("thibault vs. juan_queve, Lichess, Won, C30 King's Gambit Declined, castle earlier");
  });

  test('an unfinished game without opening tags shows neither', () => {
    const row = reviewRowText({
      hero_color: 'Black',
      username: 'me',
      opponent_name: 'you',
      date_time_played: null,
      site: 'Chess.com',
      result: null,
      pgn: '1. d4 *',
      notes: '',
    });
    expect(row).toBe('you vs. me, Chess.com');
  });

  test('the opening comes from the Opening and ECO tags', () => {
    expect(openingText(PGN)).toBe("C30 King's Gambit Declined");
    expect(openingText('[ECO "B20"]\n\n1. e4 c5 *')).toBe('B20');
    expect(openingText('1. e4 *')).toBe('');
  });
});

describe('past Learn results', () => {
  test('nothing before a try; found or not yet, with the tries counted', () => {
    expect(learnResultText({ tries: 0, solved: false })).toBe('');
    expect(learnResultText({ tries: 1, solved: true })).toBe('Learn: found (1 try)');
    expect(learnResultText({ tries: 3, solved: false })).toBe('Learn: not found yet (3 tries)');
    expect(learnResultText({ tries: 4, solved: true })).toBe('Learn: found (4 tries)');
  });
});
