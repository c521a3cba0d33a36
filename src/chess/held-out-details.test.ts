// Cases found on held-out real data: a book line that goes on by transposition, Chess.com ECOUrl
// names, games without UTCTime, and PGN whose fault is a bracket rather than a move.
import { describe, expect, test } from 'vitest';
import { positionKey } from './fen.js';
import { findGameOpening, makeGameRecord } from './game-record.js';
import { createOpeningBook } from './opening-book.js';
import { parseGames } from './pgn.js';
import { buildRepertoireFromPgn } from './repertoire.js';

describe('opening book', () => {
  test('a move whose line ends but whose position goes on by transposition is not the end of the line', () => {
    // 1. Nf3 d5 2. d4 reaches the position after 1. d4 d5 2. Nf3, where the repertoire plays 2... Nf6 3. c4.
    const rep = buildRepertoireFromPgn('1. d4 d5 2. Nf3 Nf6 3. c4 *\n\n1. Nf3 d5 2. d4 *', { color: 'white' }).unwrap();
    const book = createOpeningBook(rep);
    const afterNf3d5 = positionKey('rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2');
    expect(book[afterNf3d5].moves.d4.endOfLine).toBe(false);
    const afterNf6 = positionKey('rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3');
    expect(book[afterNf6].moves.c4.endOfLine).toBe(true);
  });
});

describe('Chess.com opening names', () => {
  test.each([
    ['https://www.chess.com/openings/Sicilian-Defense-Canal-Attack-3...Nd7', 'Sicilian Defense Canal Attack'],
    [
      'https://www.chess.com/openings/Caro-Kann-Defense-Advance-Variation-3...Bf5',
      'Caro-Kann Defense Advance Variation',
    ],
    ['https://www.chess.com/openings/Sicilian-Defense-Najdorf-Variation-6.Be3', 'Sicilian Defense Najdorf Variation'],
    ['https://www.chess.com/openings/Nimzo-Indian-Defense', 'Nimzo-Indian Defense'],
  ])('%s names %s', (url, name) => {
    expect(findGameOpening(new Map([['ECOUrl', url]]))).toBe(name);
  });

  test('a game without UTCTime keeps its date and no invented time', () => {
    const pgn = '[White "me"]\n[Black "you"]\n[Date "2024.03.05"]\n[Result "1-0"]\n\n1. e4 e5 1-0';
    expect(makeGameRecord(pgn, 'me', 'Chess.com').unwrap().dateTimePlayed).toBe('2024-03-05');
  });
});

describe('PGN faults are named where they are', () => {
  test.each([
    [
      'an unclosed variation',
      '[Event "A"]\n\n1. e4 e5\n2. Nf3 (2. Bc4 Nf6\n2... Nc6 3. Bb5 a6 4. Ba4 *',
      /line 4: .*"\(" .*never closed/,
    ],
    [
      'an unclosed comment',
      '[Event "A"]\n\n1. e4 e5 2. Nf3\n{ a good move\n2... Nc6 3. Bb5 *',
      /line 4: .*comment.*never closed/,
    ],
    [
      'a stray closing bracket',
      '[Event "A"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 ) a6 4. Ba4 Nf6 5. Qxf7 *',
      /line 4: .*"\)"/,
    ],
  ])('%s', (_what, text, message) => {
    const result = parseGames(text);
    expect(result.isErr).toBe(true);
    expect(result.isErr && result.error.message).toMatch(message);
  });

  test('brackets inside comments and tags are not faults', () => {
    expect(parseGames('[Event "A (blitz"]\n\n1. e4 { (a note } e5 ; ( too\n2. Nf3 *').isOk).toBe(true);
  });
});
