import { describe, expect, test } from 'vitest';
import { checkConsistency, NO_INCONSISTENCIES } from './consistency.js';
import { positionKey } from './fen.js';
import { createOpeningBook } from './opening-book.js';
import { buildRepertoireFromPgn, findPosition, type Repertoire } from './repertoire.js';
import { readFixture } from '../../test/fixtures.js';

const fixture = readFixture;
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const chapters = (...lines: [string, string][]) =>
  lines
    .map(([name, moves]) => `[Event "Prep: ${name}"]\n[StudyName "Prep"]\n[ChapterName "${name}"]\n\n${moves} *\n`)
    .join('\n\n');

const build = (
  text: string,
  color: 'white' | 'black' = 'white',
  excludeSymbols: ('?' | '??' | '!?' | '?!')[] = [],
): Repertoire => buildRepertoireFromPgn(text, { color, excludeSymbols }).unwrap();

describe('repertoire', () => {
  test('a transposition met from two chapters is one position with both chapters', () => {
    const rep = build(
      chapters(['QGD', '1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5'], ['Move order', '1. d4 e6 2. c4 d5 3. Nc3 Nf6 4. Nf3']),
    );
    const pos = findPosition(rep, 'rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4')!;
    expect(pos.moves.map((m) => [m.san, m.chapters])).toEqual([
      ['Bg5', [0]],
      ['Nf3', [1]],
    ]);
    expect(rep.name).toBe('Prep');
    const result = checkConsistency(rep);
    expect(result.positions).toEqual([
      {
        fen: 'rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4',
        turn: 'white',
        moveNumber: 4,
        line: '1. d4 d5 2. c4 e6 3. Nc3 Nf6',
        moves: [
          { san: 'Bg5', uci: 'c1g5', chapters: [{ name: 'QGD', pgn: '1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5' }] },
          { san: 'Nf3', uci: 'g1f3', chapters: [{ name: 'Move order', pgn: '1. d4 e6 2. c4 d5 3. Nc3 Nf6 4. Nf3' }] },
        ],
      },
    ]);
    expect(result.results).toMatch(/^Consistency Results for: Prep\n/);
    expect(result.results).toContain('Move 4, White to move after 1. d4 d5 2. c4 e6 3. Nc3 Nf6:');
  });

  test('moves of the opponent never count as inconsistent', () => {
    const rep = build(chapters(['A', '1. e4 e5 2. Nf3'], ['B', '1. e4 c5 2. Nf3']));
    expect(checkConsistency(rep).positions).toEqual([]);
    expect(checkConsistency(rep, 'My e4').results).toBe(`Consistency Results for: My e4\n\n${NO_INCONSISTENCIES}`);
    const asBlack = build(chapters(['A', '1. e4 e5 2. Nf3'], ['B', '1. e4 c5 2. Nf3']), 'black');
    expect(checkConsistency(asBlack).positions.map((p) => p.moves.map((m) => m.san))).toEqual([['c5', 'e5']]);
  });

  test('an excluded ?! move is left out with everything after it', () => {
    const text = chapters(['KG', '1. e4 e5 2. Nf3 (2. f4?! exf4 3. Nf3 d5) 2... Nc6 3. Bb5 (3. Bc4 $6 Bc5)']);
    const all = build(text);
    const afterE5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
    expect(findPosition(all, afterE5)!.moves.map((m) => m.san)).toEqual(['Nf3', 'f4']);
    const pruned = build(text, 'white', ['?!']);
    expect(findPosition(pruned, afterE5)!.moves.map((m) => m.san)).toEqual(['Nf3']);
    expect(findPosition(pruned, 'rnbqkbnr/pppp1ppp/8/8/4Pp2/8/PPPP2PP/RNBQKBNR w KQkq - 0 3')).toBeUndefined();
    // The NAG form $6 is the same symbol.
    const afterNc6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    expect(findPosition(pruned, afterNc6)!.moves.map((m) => m.san)).toEqual(['Bb5']);
    expect(pruned.positions.size).toBe(all.positions.size - 6);
    expect(checkConsistency(all).positions).toHaveLength(2);
    expect(checkConsistency(pruned).positions).toHaveLength(0);
    // Other symbols stay in.
    expect(build(text, 'white', ['?', '??']).positions.size).toBe(all.positions.size);
  });

  test('a chapter set up from a FEN joins the tree at its position', () => {
    const text =
      chapters(['Italian', '1. e4 e5 2. Nf3 Nc6 3. Bc4']) +
      '\n\n[Event "Prep: Spanish"]\n[ChapterName "Spanish"]\n[SetUp "1"]\n[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]\n\n3. Bb5 a6 4. Ba4 *\n';
    const rep = build(text);
    expect(rep.roots).toEqual([positionKey(START), 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -']);
    const [inconsistency] = checkConsistency(rep).positions;
    expect(inconsistency.moveNumber).toBe(3);
    expect(inconsistency.moves.map((m) => m.chapters)).toEqual([
      [
        {
          name: 'Spanish',
          pgn: '[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]\n[SetUp "1"]\n\n3. Bb5',
        },
      ],
      [{ name: 'Italian', pgn: '1. e4 e5 2. Nf3 Nc6 3. Bc4' }],
    ]);
    expect(inconsistency.line).toBe('1. e4 e5 2. Nf3 Nc6');
  });
});

describe('opening book', () => {
  test('counts lines per move and marks the moves that end lines', () => {
    const rep = build(chapters(['A', '1. e4 e5 2. Nf3 (2. Bc4) 2... Nc6'], ['B', '1. e4 c5 2. Nf3']));
    const book = createOpeningBook(rep);
    expect(book[positionKey(START)]).toEqual({
      fen: START,
      turn: 'white',
      moves: { e4: { san: 'e4', uci: 'e2e4', numberOfGames: 3, chapters: ['A', 'B'], endOfLine: false } },
      totalGames: 3,
      lowestMoveNumber: 1,
    });
    const afterE5 = book['rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -'];
    expect(afterE5.moves).toEqual({
      Nf3: { san: 'Nf3', uci: 'g1f3', numberOfGames: 1, chapters: ['A'], endOfLine: false },
      Bc4: { san: 'Bc4', uci: 'f1c4', numberOfGames: 0, chapters: ['A'], endOfLine: true },
    });
    expect(afterE5.totalGames).toBe(2);
    expect(afterE5.lowestMoveNumber).toBe(2);
    // Positions where every line has ended have no entry.
    expect(Object.values(book).every((e) => Object.keys(e.moves).length > 0)).toBe(true);
    expect(Object.keys(book)).toHaveLength(5);
  });
});

describe('real studies', () => {
  test.each([
    ['lichess/study_HIs6KLhc_gamebook_2025.pgn', 'white', 20],
    ['lichess/study_i5a1oOJH_ruy_lopez_2021.pgn', 'black', 11],
    ['lichess/study_GJ5NRo9a_deep_tree_2024.pgn', 'white', 1],
    ['lichess/study_LKbBDz6U_glyphs_2023.pgn', 'white', 1],
    ['lichess/study_chapter_8c8bmUfy_current_format_2026.pgn', 'black', 1],
  ] as const)('%s builds a %s repertoire with a book and a consistency result', (path, color, count) => {
    const rep = buildRepertoireFromPgn(fixture(path), { color, lenient: true }).unwrap();
    expect(rep.chapters).toHaveLength(count);
    const book = createOpeningBook(rep);
    expect(Object.keys(book).length).toBeGreaterThan(0);
    const result = checkConsistency(rep);
    for (const p of result.positions) {
      expect(p.turn).toBe(color);
      expect(p.moves.length).toBeGreaterThan(1);
    }
    expect(result.results.startsWith(`Consistency Results for: ${rep.name}`)).toBe(true);
  });

  test('the gamebook study names its own inconsistencies', () => {
    const rep = buildRepertoireFromPgn(fixture('lichess/study_HIs6KLhc_gamebook_2025.pgn'), {
      color: 'white',
    }).unwrap();
    expect(rep.name).toBe('whitemood: Philidor Defense');
    const result = checkConsistency(rep);
    // Every inconsistency is reported with real chapter names.
    const names = new Set(rep.chapters.map((c) => c.name));
    for (const p of result.positions)
      for (const m of p.moves) for (const c of m.chapters) expect(names.has(c.name)).toBe(true);
  });
});
