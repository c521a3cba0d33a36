import { describe, expect, test } from 'vitest';
import { expectedLabel, gameHref, lineWithMove, percent, playedLabel, scoreText } from './report-text';

const AFTER_E4_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const game = (result: number | null) => ({
  result,
  link: null,
  date_time_played: null,
  opponent_name: 'x',
  site: 'Lichess',
  review_id: null,
  ply: 3,
});

describe('report text', () => {
  test('moves are numbered from the position they were played in', () => {
    const own = { fen: AFTER_E4_C5, move_number: 2, played_san: 'c3', expected_san: ['Nf3', 'd4'], line: '1. e4 c5' };
    expect(playedLabel(own)).toBe('2. c3');
    expect(expectedLabel(own)).toBe('2. Nf3, 2. d4');
    expect(lineWithMove(own)).toBe('1. e4 c5 2. c3');
    const theirs = { fen: AFTER_E4, move_number: 1, played_san: 'e6', expected_san: [], line: '1. e4' };
    expect(playedLabel(theirs)).toBe('1... e6');
    expect(expectedLabel(theirs)).toBe('none');
    expect(lineWithMove(theirs)).toBe('1. e4 e6');
  });

  test('scores count only games with a result', () => {
    expect(scoreText({ score: 0.5, games: [game(1), game(0), game(0.5), game(null)].slice(0, 3) })).toBe('1.5/3 (50%)');
    expect(scoreText({ score: null, games: [game(null)] })).toBe('no results');
    expect(percent(0.123)).toBe('12%');
  });

  test('a saved review opens in game review at the move; other games on their site', () => {
    expect(gameHref({ review_id: 7, link: 'https://lichess.org/abc', site: 'Lichess', ply: 5 })).toEqual({
      href: '/game_review?review=7&ply=5',
      internal: true,
    });
    expect(gameHref({ review_id: null, link: 'https://lichess.org/abc', site: 'Lichess', ply: 5 })).toEqual({
      href: 'https://lichess.org/abc#5',
      internal: false,
    });
    expect(
      gameHref({ review_id: null, link: 'https://www.chess.com/game/live/1', site: 'Chess.com', ply: 5 })?.href,
    ).toBe('https://www.chess.com/game/live/1');
    expect(gameHref({ review_id: null, link: null, site: 'Lichess', ply: 5 })).toBeUndefined();
  });
});
