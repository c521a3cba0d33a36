import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { defaultFixturesDir } from '../../../e2e/fakes/fixtures.js';
import { looksLikePgn, splitPgnGames } from './split-pgn.js';

const fixture = (file: string) => readFileSync(path.join(defaultFixturesDir(), 'lichess', file), 'utf8');

describe('splitPgnGames', () => {
  test.each([
    ['games_user_thibault_2025.pgn', 50],
    ['games_user_Bfx-de-Blr_2026_first15.pgn', 15],
    // jq added an extra newline: three blank lines between games.
    ['games_user_pnmadelaine_clocks_2021_first12.pgn', 12],
    ['study_HIs6KLhc_gamebook_2025.pgn', 20],
    ['study_i5a1oOJH_ruy_lopez_2021.pgn', 11],
  ])('%s holds %i games', (file, count) => {
    const games = splitPgnGames(fixture(file));
    expect(games).toHaveLength(count);
    expect(games.every((game) => game.startsWith('[Event "'))).toBe(true);
  });

  test('one blank line between games is enough', () => {
    expect(splitPgnGames('[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *')).toEqual([
      '[Event "a"]\n\n1. e4 *',
      '[Event "b"]\n\n1. d4 *',
    ]);
  });

  test('CRLF line ends and a byte order mark are accepted', () => {
    expect(splitPgnGames('\uFEFF[Event "a"]\r\n\r\n1. e4 *\r\n\r\n\r\n[Event "b"]\r\n\r\n1. d4 *\r\n')).toHaveLength(2);
  });

  test('a blank line inside a comment does not split a game', () => {
    const pgn = '[Event "a"]\n\n1. e4 { first line\n\n[%cal Ge2e4] } e5 *\n';
    expect(splitPgnGames(pgn)).toHaveLength(1);
  });

  test('empty text holds no games', () => {
    expect(splitPgnGames('\n\n')).toEqual([]);
  });
});

describe('looksLikePgn', () => {
  test.each([
    ['[Event "x"]\n\n1. e4 *', true],
    ['1. e4 e5 *', true],
    ['{ intro } 1. d4 *', true],
    ['<!DOCTYPE html><html></html>', false],
    ['{"games":[]}', false],
  ])('%j -> %s', (text, expected) => {
    expect(looksLikePgn(text)).toBe(expected);
  });
});
