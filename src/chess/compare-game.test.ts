import { describe, expect, test } from 'vitest';
import { compareGame, compareGamePgn } from './compare-game.js';
import { parseGames } from './pgn.js';
import { buildRepertoireFromPgn } from './repertoire.js';
import { readFixture } from '../../test/fixtures.js';

const fixture = readFixture;

const STUDY = [
  '[Event "Sicilian: Open"]\n[StudyName "Sicilian"]\n[ChapterName "Open"]\n\n1. e4 c5 2. Nf3 d6 (2... Nc6 3. d4) 3. d4 cxd4 4. Nxd4 *',
  '[Event "Sicilian: Alapin"]\n[StudyName "Sicilian"]\n[ChapterName "Alapin"]\n\n1. e4 c5 2. Nf3 e6 3. d4 *',
].join('\n\n');
const white = buildRepertoireFromPgn(STUDY, { color: 'white' }).unwrap();
const black = buildRepertoireFromPgn(STUDY, { color: 'black' }).unwrap();
const game = (moves: string, tags = '[White "alice"]\n[Black "bob"]\n[Opening "Sicilian Defense"]\n[ECO "B50"]') =>
  parseGames(`${tags}\n\n${moves}`).unwrap()[0];

describe('compareGame', () => {
  test('a game that leaves on the opponent move says so and where', () => {
    const c = compareGame(white, game('1. e4 c5 2. Nf3 g6 3. d4 cxd4 1-0'));
    expect(c).toMatchObject({
      outcome: 'left',
      ply: 3,
      moveNumber: 2,
      turn: 'black',
      side: 'opponent',
      played: { san: 'g6', uci: 'g7g6' },
      repertoireMoves: [
        { san: 'd6', uci: 'd7d6' },
        { san: 'Nc6', uci: 'b8c6' },
        { san: 'e6', uci: 'e7e6' },
      ],
      fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
      line: '1. e4 c5 2. Nf3',
    });
    expect(c.text).toBe(
      'Opening: Sicilian\nGame: alice vs. bob\nYour opponent left the repertoire at move 2: they played 2... g6; the repertoire expects 2... d6, 2... Nc6, 2... e6.',
    );
    expect(c.record).toEqual({
      heroOpening: 'Sicilian',
      actualOpening: 'B50 Sicilian Defense',
      howLeftOpening: c.text.split('\n')[2],
      moveLeftOpening: '2... g6',
    });
  });

  test('a game that leaves on the player move gives the repertoire move as the answer', () => {
    const c = compareGame(white, game('1. e4 c5 2. c3 d5 0-1'));
    expect(c).toMatchObject({ outcome: 'left', ply: 2, side: 'player', turn: 'white', moveNumber: 2 });
    expect(c.played?.san).toBe('c3');
    expect(c.repertoireMoves.map((m) => m.san)).toEqual(['Nf3']);
    expect(c.record.moveLeftOpening).toBe('2. c3');
    expect(c.text).toContain(
      'You left the repertoire at move 2 on your move: you played 2. c3; the repertoire plays 2. Nf3.',
    );
  });

  test('the player side follows the repertoire colour', () => {
    const c = compareGame(black, game('1. e4 c5 2. c3 d5 0-1'));
    expect(c.side).toBe('opponent');
  });

  test('a game that follows its line to the end stays in the repertoire', () => {
    const c = compareGame(white, game('1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 *'));
    expect(c).toMatchObject({ outcome: 'end_of_line', ply: 7, played: { san: 'Nf6' }, repertoireMoves: [] });
    expect(c.record.moveLeftOpening).toBeNull();
    expect(c.text).toContain('stayed in the repertoire until its line ended after 7 half-moves');
  });

  test('transpositions are followed by position', () => {
    const c = compareGame(white, game('1. e4 d6 2. Nf3 c5 3. d4 *'));
    // 1... d6 is not in the repertoire, even though 2... c5 would transpose.
    expect(c.outcome).toBe('left');
    const t = compareGame(white, game('1. e4 c5 2. Nf3 Nc6 3. d4 *'));
    expect(t.outcome).toBe('end_of_line');
  });

  test('a game that ends inside the repertoire', () => {
    const c = compareGame(white, game('1. e4 c5 2. Nf3 1/2-1/2'));
    expect(c).toMatchObject({ outcome: 'game_ended', ply: 3, played: undefined });
    expect(c.repertoireMoves.map((m) => m.san)).toEqual(['d6', 'Nc6', 'e6']);
  });

  test('a game with no moves', () => {
    const c = compareGame(white, game('0-1'));
    expect(c).toMatchObject({ outcome: 'no_moves', ply: 0, repertoireMoves: [{ san: 'e4', uci: 'e2e4' }] });
    expect(c.text).toBe('Opening: Sicilian\nGame: alice vs. bob\nThe game has no moves.');
  });

  test('a game from a position the repertoire never reaches', () => {
    const c = compareGame(white, game('1... Kg2 *', '[FEN "8/8/8/8/8/8/8/K6k b - - 0 1"]\n[SetUp "1"]'));
    expect(c.outcome).toBe('not_in_repertoire');
  });

  test('compareGamePgn reports PGN errors', () => {
    const r = compareGamePgn(white, '1. e4 e5 2. Ke3 *');
    expect(r.isErr && r.error.message).toBe('Game 1 "Game 1": illegal move 2. Ke3');
  });

  test('real games against a real study', () => {
    const rep = buildRepertoireFromPgn(fixture('lichess/study_HIs6KLhc_gamebook_2025.pgn'), {
      color: 'white',
    }).unwrap();
    const games = parseGames(fixture('lichess/games_user_thibault_2025.pgn')).unwrap();
    for (const g of games) {
      const c = compareGame(rep, g);
      expect(c.text.startsWith(`Opening: ${rep.name}\nGame: ${g.name}\n`)).toBe(true);
    }
    const [evalGame] = parseGames(fixture('lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn')).unwrap();
    expect(compareGame(rep, evalGame).outcome).toBe('left');
  });
});
