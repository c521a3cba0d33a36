import { describe, expect, test } from 'vitest';
import {
  coveragePositions,
  coverageReport,
  estimateCoverageMinutes,
  makeCoverageTimeNote,
  shortestLines,
  type PositionStats,
} from './coverage.js';
import { INITIAL_FEN } from 'chessops/fen';
import { positionKey } from './fen.js';
import { buildRepertoireFromPgn } from './repertoire.js';
import { readFixture } from '../../test/fixtures.js';

const fixture = readFixture;
const explorer = (name: string) => JSON.parse(fixture(`lichess/${name}`)) as PositionStats;

const AFTER_D4 = 'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1';
const AFTER_C4 = 'rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2';
const AFTER_CXD5 = 'rnbqkbnr/pp2pppp/2p5/3P4/3P4/8/PP2PPPP/RNBQKBNR b KQkq - 0 3';
const move = (uci: string, san: string, games: number) => ({ uci, san, white: games, draws: 0, black: 0 });

const slav = buildRepertoireFromPgn(
  '[ChapterName "Exchange"]\n\n1. d4 d5 2. c4 c6 3. cxd5 cxd5 4. Nc3 *\n\n[ChapterName "Queen takes"]\n\n1. d4 d5 2. c4 c6 3. cxd5 Qxd5 4. Nc3 *',
  { color: 'white', name: 'Slav for White' },
).unwrap();

const stats = new Map<string, PositionStats>([
  [AFTER_D4, { white: 50, draws: 0, black: 50, moves: [move('d7d5', 'd5', 50), move('g8f6', 'Nf6', 50)] }],
  [
    AFTER_C4,
    { white: 100, draws: 0, black: 0, moves: JSON.stringify([move('e7e6', 'e6', 60), move('c7c6', 'c6', 40)]) },
  ],
  [AFTER_CXD5, explorer('explorer_lichess_2026-02_api_docs_example.json')],
]);

describe('coverage', () => {
  test('the positions to fetch are those with the opponent to move, in report order', () => {
    expect(coveragePositions(slav).map((p) => p.fen)).toEqual([AFTER_D4, AFTER_C4, AFTER_CXD5]);
    // Line ends are left out unless asked for.
    expect(coveragePositions(slav, { includeLineEnds: true })).toHaveLength(5);
    expect(
      coveragePositions(buildRepertoireFromPgn('1. d4 d5 2. c4 *', { color: 'black' }).unwrap()).map((p) => p.fen),
    ).toEqual([
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2',
    ]);
  });

  test('shares are whole percentages, sorted, marked covered, with the reach of each hole', () => {
    const report = coverageReport(slav, stats);
    expect(report.missing).toEqual([]);
    expect(report.positions.map((p) => [p.fen, p.reach])).toEqual([
      [AFTER_D4, 1],
      [AFTER_C4, 0.5],
      [AFTER_CXD5, 0.2],
    ]);
    const [d4, c4, cxd5] = report.positions;
    expect(d4.moves.map((m) => [m.san, m.percent, m.covered, m.reach])).toEqual([
      ['Nf6', 50, false, 0.5],
      ['d5', 50, true, 0.5],
    ]);
    expect(c4.moves.map((m) => [m.san, m.percent, m.covered])).toEqual([
      ['e6', 60, false],
      ['c6', 40, true],
    ]);
    expect(cxd5.moves.slice(0, 3).map((m) => [m.san, m.percent, m.covered])).toEqual([
      ['cxd5', 90, true],
      ['Qxd5', 4, true],
      ['Nf6', 4, false],
    ]);
    expect(cxd5.moves.at(-1)).toMatchObject({ san: 'Nd7', percent: 0, covered: false });
    expect(cxd5.line).toBe('1. d4 d5 2. c4 c6 3. cxd5');
    expect(report.holes.slice(0, 2).map((h) => [h.line, h.move.reach])).toEqual([
      ['1. d4 Nf6', 0.5],
      ['1. d4 d5 2. c4 e6', 0.3],
    ]);
    expect(report.text.split('\n').slice(0, 6)).toEqual([
      'Coverage Results for: Slav for White',
      'Games=10000',
      '',
      'Move 1, Black to move after 1. d4 (reached in 10000 of 10000 games):',
      '  Nf6 50% not covered, reached in 5000 of 10000 games',
      '  d5 50% covered',
    ]);
    expect(report.text).toContain('  Nd7 0% not covered, reached in 1 of 10000 games');
    expect(report.text).toContain(
      'Uncovered moves, likeliest first:\n  1. d4 Nf6: 5000 of 10000 games\n  1. d4 d5 2. c4 e6: 3000 of 10000 games',
    );
  });

  test('positions without statistics are listed as missing and cut the reach below them', () => {
    const partial = new Map([[AFTER_CXD5, stats.get(AFTER_CXD5)!]]);
    const report = coverageReport(slav, partial);
    expect(report.missing).toEqual([AFTER_D4, AFTER_C4]);
    expect(report.positions[2].reach).toBeUndefined();
    expect(report.holes).toEqual([]);
    expect(report.text).toContain('No statistics for 2 position(s)');
  });

  test('the explorer fixture is found by position whatever its move counters', () => {
    const rep = buildRepertoireFromPgn('1. e4 e5 2. Nc3 d5 3. d3 d4 4. Nce2 *', { color: 'white' }).unwrap();
    const berserk = {
      'rnbqkbnr/ppp2ppp/8/3pp3/4P3/2NP4/PPP2PPP/R1BQKBNR b KQkq - 0 1': explorer(
        'explorer_lichess_2025-12_berserk.json',
      ),
    };
    const report = coverageReport(rep, berserk);
    const position = report.positions.find((p) => p.hasStats)!;
    expect(position.fen).toBe('rnbqkbnr/ppp2ppp/8/3pp3/4P3/2NP4/PPP2PPP/R1BQKBNR b KQkq - 0 3');
    expect(position.games).toBe(1910 + 272 + 2167);
    expect(position.moves.map((m) => m.percent)).toEqual([47, 23, 18, 6, 5, 1, 0, 0, 0, 0, 0, 0]);
    expect(position.moves.filter((m) => m.covered).map((m) => m.san)).toEqual(['d4']);
  });

  test('the time estimate is 1.5 s per position', () => {
    expect(estimateCoverageMinutes(1200)).toBe(30);
    expect(makeCoverageTimeNote(1200)).toBe(
      '1200 positions to fetch from the Lichess explorer: about 30 minutes (about 1.5 s per position).',
    );
    expect(makeCoverageTimeNote(10)).toBe(
      '10 positions to fetch from the Lichess explorer: less than a minute (about 1.5 s per position).',
    );
  });
});

describe('shortestLines', () => {
  test('spells each line as makeLinePgn does, from the standard start and from a set-up position with Black to move', () => {
    const setUp = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3';
    const pgn = [
      '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 *',
      `[FEN "${setUp}"]\n[SetUp "1"]\n\n3... Nf6 4. Nc3 Bb4 *`,
    ].join('\n\n');
    const rep = buildRepertoireFromPgn(pgn, { color: 'white' }).unwrap();
    const lines = shortestLines(rep);
    const expected: Record<string, string> = {
      [positionKey(INITIAL_FEN)]: '',
      [positionKey(setUp)]: '',
    };
    expect(lines.movetext(positionKey(INITIAL_FEN))).toBe('');
    const afterNf6 = [...rep.positions.values()].find((p) => p.fen.startsWith('r1bqkb1r/pppp1ppp/2n2n2/1B2p3'))!;
    expect(lines.movetext(afterNf6.key)).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6');
    expect(lines.movetextWith(afterNf6.key, 'O-O')).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O');
    expect(lines.movetextWith(positionKey(setUp), 'Nf6')).toBe('3... Nf6');
    const afterNc3 = [...rep.positions.values()].find((p) =>
      p.fen.startsWith('r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2'),
    )!;
    expect(lines.movetext(afterNc3.key)).toBe('3... Nf6 4. Nc3');
    expect(lines.movetextWith(afterNc3.key, 'Bb4')).toBe('3... Nf6 4. Nc3 Bb4');
    for (const [key, text] of Object.entries(expected)) expect(lines.movetext(key)).toBe(text);
    expect(lines.movetext('not a position')).toBeUndefined();
  });
});
