import { expect, test } from 'vitest';
import { cleanPgn, makeAnalysisLink, makeAnalysisLinkFromPgn } from './analysis-link.js';
import { parseGames } from './pgn.js';
import { readFixture } from '../../test/fixtures.js';

const fixture = readFixture;

test('comments, clocks, evals, glyphs and variations are stripped', () => {
  const [game] = parseGames(
    '{ start } 1. e4 { [%clk 0:10:00] } e5?! { [%eval 0.3] } (1... c5 $1) 2. Nf3 $14 *',
  ).unwrap();
  expect(cleanPgn(game)).toBe('1. e4 e5 2. Nf3');
  expect(makeAnalysisLink(game, 'black', 3)).toBe(
    'https://lichess.org/analysis/pgn/1.%20e4%20e5%202.%20Nf3?color=black#3',
  );
  expect(makeAnalysisLink(game, 'white')).toBe('https://lichess.org/analysis/pgn/1.%20e4%20e5%202.%20Nf3?color=white');
});

test('the literate eval export keeps only its main line', () => {
  const text = fixture('lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn');
  const url = makeAnalysisLinkFromPgn(text, 'white', 10).unwrap();
  const pgn = decodeURIComponent(url.slice('https://lichess.org/analysis/pgn/'.length, url.indexOf('?')));
  expect(pgn).not.toMatch(/[{}()$]/);
  expect(pgn.startsWith('1. d4 d5 2. c4')).toBe(true);
  const [game] = parseGames(pgn).unwrap();
  expect([...game.moves.mainline()].length).toBe([...parseGames(text).unwrap()[0].moves.mainline()].length);
  expect(url.endsWith('?color=white#10')).toBe(true);
});

test('checks and castling survive the encoding', () => {
  const url = makeAnalysisLinkFromPgn('1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Nxe4 5. Bxf7+ *', 'white').unwrap();
  expect(decodeURIComponent(url)).toContain('4. O-O Nxe4 5. Bxf7+?color');
});

test('a set-up game carries its FEN and counts plies from the standard start', () => {
  const [game] = parseGames('[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/K6k b - - 0 30"]\n\n30... Kg2 31. Kb1 *').unwrap();
  expect(cleanPgn(game)).toBe('[FEN "8/8/8/8/8/8/8/K6k b - - 0 30"]\n30... Kg2 31. Kb1');
  expect(makeAnalysisLink(game, 'black', 1).endsWith('#60')).toBe(true);
});

test('an illegal PGN is an error', () => {
  expect(makeAnalysisLinkFromPgn('1. e5 *', 'white').isErr).toBe(true);
});
