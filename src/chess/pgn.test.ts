import { describe, expect, test } from 'vitest';
import { makePgnText, wrapText } from './pgn-write.js';
import {
  findStudyName,
  gameName,
  mainlineMoves,
  parseGames,
  parsePgn,
  replayGame,
  splitPgn,
  type PlayedGame,
} from './pgn.js';
import { readFixture } from '../../test/fixtures.js';

const fixture = readFixture;

const allSans = (game: PlayedGame): string[] => {
  const out: string[] = [];
  const walk = (node: PlayedGame['moves']) => {
    for (const child of node.children) {
      out.push(child.data.san);
      walk(child);
    }
  };
  walk(game.moves);
  return out;
};

describe('every PGN fixture parses and replays', () => {
  test.each([
    ['lichess/study_GJ5NRo9a_deep_tree_2024.pgn', 1],
    ['lichess/study_HIs6KLhc_gamebook_2025.pgn', 20],
    ['lichess/study_LKbBDz6U_glyphs_2023.pgn', 1],
    ['lichess/study_chapter_8c8bmUfy_current_format_2026.pgn', 1],
    ['lichess/study_chapter_Vl9LYHvz_SruboJ1x_2024.pgn', 1],
    ['lichess/study_i5a1oOJH_ruy_lopez_2021.pgn', 11],
    ['lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn', 1],
    ['lichess/games_user_Bfx-de-Blr_2026_first15.pgn', 15],
    ['lichess/games_user_pnmadelaine_clocks_2021_first12.pgn', 12],
    ['lichess/games_user_thibault_2025.pgn', 50],
    ['chesscom/games_fabianocaruana_2020_05.pgn', 17],
  ])('%s has %i games', (path, count) => {
    const text = fixture(path);
    const games = parseGames(text, { lenient: true }).unwrap();
    expect(games).toHaveLength(count);
    expect(splitPgn(text)).toHaveLength(count);
    for (const game of games) expect(game.headers.size).toBeGreaterThan(0);
  });

  test('each game of the Chess.com JSON archive parses', () => {
    const { games } = JSON.parse(fixture('chesscom/games_fabianocaruana_2020_05.json')) as { games: { pgn: string }[] };
    expect(games).toHaveLength(17);
    for (const g of games) expect(mainlineMoves(parseGames(g.pgn).unwrap()[0]).length).toBeGreaterThan(0);
  });
});

describe('what the parser keeps', () => {
  test('glyphs attached to SAN become NAGs', () => {
    const [game] = parseGames(fixture('lichess/study_LKbBDz6U_glyphs_2023.pgn')).unwrap();
    const bd6 = mainlineMoves(game).find((m) => m.san === 'Bd6');
    expect(bd6?.nags).toEqual([6]);
    expect(game.name).toBe('Chapter 2');
    expect(findStudyName(game.headers)).toBe('short study');
  });

  test('clock comments stay on their moves', () => {
    const [game] = parseGames(fixture('lichess/games_user_pnmadelaine_clocks_2021_first12.pgn')).unwrap();
    expect(mainlineMoves(game)[0].comments?.[0]).toMatch(/\[%clk \d+:\d\d:\d\d\]/);
  });

  test('a deep study tree keeps all its variations', () => {
    const [game] = parseGames(fixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn'), { lenient: true }).unwrap();
    expect(allSans(game).length).toBeGreaterThan(5000);
  });

  test('the deep study holds one broken variation: strict reading names it, lenient reading cuts it', () => {
    const text = fixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
    const strict = parseGames(text);
    expect(strict.isErr && strict.error.message).toBe(
      'Game 1 "Torch 1.e4 Openings with theory review": illegal move 12... Nbd2 (in a variation)',
    );
    const [game] = parseGames(text, { lenient: true }).unwrap();
    expect(game.warnings.map((w) => w.move)).toEqual(['12... Nbd2', '8. h6', '6... Qf3', '7... Bh4']);
  });

  test('replayGame leaves the parsed game as it was; parseGames, which plays its own games in place, gives the same moves', () => {
    const text = fixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
    const [parsed] = parsePgn(text).unwrap();
    const rawSans = (node: PlayedGame['moves'] | (typeof parsed)['moves']): string[] =>
      node.children.flatMap((child) => [child.data.san, ...rawSans(child)]);
    const before = rawSans(parsed.moves);
    const replayed = replayGame(parsed, { lenient: true }).unwrap();
    expect(rawSans(parsed.moves)).toEqual(before);
    expect('fen' in parsed.moves.children[0].data).toBe(false);
    const [inPlace] = parseGames(text, { lenient: true }).unwrap();
    expect(allSans(inPlace)).toEqual(allSans(replayed));
    const fens = (node: PlayedGame['moves']): string[] =>
      node.children.flatMap((child) => [child.data.fen, ...fens(child)]);
    expect(fens(inPlace.moves)).toEqual(fens(replayed.moves));
    // The cut variations are gone from both.
    expect(allSans(inPlace).length).toBeLessThan(before.length);
  });

  test('an abandoned game with empty movetext has no moves', () => {
    const games = parseGames(fixture('lichess/games_user_thibault_2025.pgn')).unwrap();
    const abandoned = games.find((g) => g.headers.get('Termination') === 'Abandoned')!;
    expect(mainlineMoves(abandoned)).toHaveLength(0);
    expect(abandoned.headers.get('Result')).toBe('0-1');
  });

  test('chapter and game names follow the tags of each export layout', () => {
    const [current] = parsePgn(fixture('lichess/study_chapter_8c8bmUfy_current_format_2026.pgn')).unwrap();
    expect(current.name).toBe('Dragon Variation');
    expect(findStudyName(current.headers)).toBe('♦ All about the Sicilian Defense ♦');
    const ruy = parsePgn(fixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn')).unwrap();
    expect(ruy[1].name).toBe('* The Morphy Defence: 3. a6');
    expect(findStudyName(ruy[1].headers)).toBe('The Ruy Lopez');
    const [game] = parsePgn(fixture('lichess/games_user_Bfx-de-Blr_2026_first15.pgn')).unwrap();
    expect(game.name).toBe('Bfx-de-Blr vs. Prophetman');
    expect(gameName(new Map(), 4)).toBe('Game 5');
  });

  test('a chapter set up from a FEN starts there', () => {
    const text =
      '[Event "Setup"]\n[SetUp "1"]\n[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]\n\n3. Bb5 a6 *';
    const [game] = parseGames(text).unwrap();
    expect(game.startFen).toBe('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3');
    expect(mainlineMoves(game).map((m) => m.ply)).toEqual([1, 2]);
  });
});

describe('errors name the game and the move', () => {
  test.each([
    [
      '[Event "A"]\n\n1. e4 e5 *\n\n[White "Alice"]\n[Black "Bob"]\n\n1. e4 e5 2. Nf6 *',
      'illegal_move',
      'Game 2 "Alice vs. Bob": illegal move 2. Nf6',
    ],
    ['1. e4 e5 2. Nf3 (2. Ke3) Nc6 *', 'illegal_move', 'Game 1 "Game 1": illegal move 2. Ke3 (in a variation)'],
    ['1. d4 d5 2. c4 Qxc4 *', 'illegal_move', 'Game 1 "Game 1": illegal move 2... Qxc4'],
    ['', 'empty', 'The PGN text is empty'],
    ['this is not a chess game', 'not_pgn', 'Game 1 "Game 1": no PGN tags or moves found'],
    [
      '[Event "X"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*',
      'bad_setup',
      'Game 1 "X": the FEN tag is not a legal position (the board is empty)',
    ],
    [
      '[Event "X"]\n[Variant "Crazyhouse"]\n\n1. e4 *',
      'variant',
      'Game 1 "X": variant \'Crazyhouse\' is not supported',
    ],
  ])('%j', (text, code, message) => {
    const result = parseGames(text);
    expect(result.isErr).toBe(true);
    if (result.isErr) {
      expect(result.error.code).toBe(code);
      expect(result.error.message).toBe(message);
    }
  });
});

describe('writing', () => {
  test('written PGN wraps at 80 characters and reads back with the same moves', () => {
    for (const path of ['lichess/study_GJ5NRo9a_deep_tree_2024.pgn', 'chesscom/games_fabianocaruana_2020_05.pgn']) {
      for (const game of parseGames(fixture(path), { lenient: true }).unwrap()) {
        const text = makePgnText(game);
        const movetext = text.slice(text.indexOf('\n\n') + 2);
        for (const line of movetext.split('\n')) expect(line.length <= 80 || !line.includes(' ')).toBe(true);
        const [again] = parseGames(text).unwrap();
        expect(allSans(again)).toEqual(allSans(game));
      }
    }
  });
});

test('wrapping never starts a line with %, which PGN readers skip', () => {
  const text = `${'a'.repeat(70)} %b %c %d`;
  const lines = wrapText(text).split('\n');
  expect(lines.some((l) => l.startsWith('%'))).toBe(false);
  expect(lines.join(' ')).toBe(text);
  expect(
    wrapText(`${'x '.repeat(39)}xx %1 %2 %3 %4`)
      .split('\n')
      .every((l) => !l.startsWith('%')),
  ).toBe(true);
});
