import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import { findUnreadToken, readPgnFully } from './pgn-strict.js';

describe('findUnreadToken', () => {
  test.each([
    ['1. e4 e5 2. Qxz9 Nc6 *', 'Game 1 "Game 1": 2. Qxz9 is not a move'],
    ['1. e4 e5 2. Nf3 hello Nc6 *', 'Game 1 "Game 1": 2... hello is not a move'],
    ['1. e4 e5 2. Nf3 (2. Bc4 Qxa1z) Nc6 *', 'Game 1 "Game 1": 2... Qxa1z is not a move'],
    [
      '[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]\n\n2. Nf3 zz *',
      'Game 1 "Game 1": 2... zz is not a move',
    ],
  ])('%j is refused, named by game, move number and word', (text, message) => {
    expect(findUnreadToken(text)?.message).toBe(message);
    expect(findUnreadToken(text)?.code).toBe('not_a_move');
  });

  test('the game is named by its chapter and number', () => {
    const text = '[Event "S: One"]\n\n1. e4 e5 *\n\n[ChapterName "Najdorf"]\n\n1. e4 c5 2. Nf3 d6 3. Qxz9 *\n';
    expect(findUnreadToken(text)?.message).toBe('Game 2 "Najdorf": 3. Qxz9 is not a move');
  });

  test('comments, NAGs, move numbers, results and evaluation signs are read', () => {
    const text = [
      '% a line comment',
      '[Event "x"]',
      '',
      '{ intro with words 1. e4 } 1. e4! $1 e5?! {a comment',
      'over two lines [%cal Ge2e4]} 2.Nf3 Nc6 ; rest of line ignored Qxz9',
      '3. Bb5 a6 += 4. Ba4 (4. Bxc6 dxc6 5. O-O) 4... Nf6 ±  5. d4 exd4 6. e5 N 1/2-1/2',
    ].join('\n');
    expect(findUnreadToken(text)).toBeUndefined();
  });

  test.each([
    'chesscom/games_fabianocaruana_2020_05.pgn',
    'lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn',
    'lichess/games_user_Bfx-de-Blr_2026_first15.pgn',
    'lichess/games_user_pnmadelaine_clocks_2021_first12.pgn',
    'lichess/games_user_thibault_2025.pgn',
    'lichess/study_GJ5NRo9a_deep_tree_2024.pgn',
    'lichess/study_HIs6KLhc_gamebook_2025.pgn',
    'lichess/study_LKbBDz6U_glyphs_2023.pgn',
    'lichess/study_chapter_8c8bmUfy_current_format_2026.pgn',
    'lichess/study_chapter_Vl9LYHvz_SruboJ1x_2024.pgn',
    'lichess/study_i5a1oOJH_ruy_lopez_2021.pgn',
  ])('the recorded file %s reads with nothing left over', (path) => {
    expect(findUnreadToken(readFixture(path))).toBeUndefined();
  });
});

describe('readPgnFully', () => {
  test('an illegal move is refused with its game and move', () => {
    const result = readPgnFully('1. e4 e5 2. Ke3 *');
    expect(result.isErr && result.error.message).toBe('Game 1 "Game 1": illegal move 2. Ke3');
  });

  test('a text whose every word is a legal move reads', () => {
    expect(readPgnFully('1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 *').isOk).toBe(true);
  });
});
