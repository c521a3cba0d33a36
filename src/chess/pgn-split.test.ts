import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import { looksLikePgn, splitPgn } from './pgn.js';

// The server once had a splitter of its own for site exports; these are the cases where the two
// disagreed (a blank line inside a tag section, a byte order mark, the game's last newline).

describe('splitPgn', () => {
  test.each([
    ['lichess/games_user_thibault_2025.pgn', 50],
    ['lichess/games_user_Bfx-de-Blr_2026_first15.pgn', 15],
    // jq added an extra newline: three blank lines between games.
    ['lichess/games_user_pnmadelaine_clocks_2021_first12.pgn', 12],
    ['lichess/study_HIs6KLhc_gamebook_2025.pgn', 20],
    ['lichess/study_i5a1oOJH_ruy_lopez_2021.pgn', 11],
  ])('%s holds %i games, each from its tags', (file, count) => {
    const games = splitPgn(readFixture(file));
    expect(games).toHaveLength(count);
    expect(games.every((game) => game.startsWith('[Event "'))).toBe(true);
  });

  test('one blank line between games is enough; each game ends in one newline', () => {
    expect(splitPgn('[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *')).toEqual([
      '[Event "a"]\n\n1. e4 *\n',
      '[Event "b"]\n\n1. d4 *\n',
    ]);
  });

  test('CRLF line ends and a byte order mark are read', () => {
    const games = splitPgn('\uFEFF[Event "a"]\r\n\r\n1. e4 *\r\n\r\n\r\n[Event "b"]\r\n\r\n1. d4 *\r\n');
    expect(games).toEqual(['[Event "a"]\n\n1. e4 *\n', '[Event "b"]\n\n1. d4 *\n']);
  });

  test('a blank line inside a tag section does not split the game', () => {
    expect(splitPgn('[Event "a"]\n\n[Site "x"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n')).toEqual([
      '[Event "a"]\n\n[Site "x"]\n\n1. e4 *\n',
      '[Event "b"]\n\n1. d4 *\n',
    ]);
  });

  test('a blank line inside a comment does not split a game', () => {
    expect(splitPgn('[Event "a"]\n\n1. e4 { first line\n\n[%cal Ge2e4] } e5 *\n')).toHaveLength(1);
  });

  test('empty text holds no games', () => {
    expect(splitPgn('\n\n')).toEqual([]);
  });
});

describe('looksLikePgn', () => {
  test.each([
    ['[Event "x"]\n\n1. e4 *', true],
    ['1. e4 e5 *', true],
    ['{ intro } 1. d4 *', true],
    ['\uFEFF[Event "x"]', true],
    ['<!DOCTYPE html><html></html>', false],
    ['{"games":[]}', false],
  ])('%j -> %s', (text, expected) => {
    expect(looksLikePgn(text)).toBe(expected);
  });
});
