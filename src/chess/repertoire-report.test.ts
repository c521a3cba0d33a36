import { describe, expect, test } from 'vitest';
import { compareGame } from './compare-game.js';
import { makeGameRecords } from './game-record.js';
import { parseGames } from './pgn.js';
import { buildRepertoireFromPgn } from './repertoire.js';
import { createReportBuilder, repertoireReport, type ReportGame } from './repertoire-report.js';
import { readFixture } from '../../test/fixtures.js';

const WHITE = buildRepertoireFromPgn(
  [
    '[ChapterName "Open Sicilian"]\n\n1. e4 c5 2. Nf3 d6 (2... Nc6 3. d4) 3. d4 cxd4 4. Nxd4 *',
    '[ChapterName "Open Games"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
  ].join('\n\n'),
  { color: 'white', name: 'White repertoire' },
).unwrap();
const BLACK = buildRepertoireFromPgn(
  '[ChapterName "Against e4"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 *\n\n1. d4 Nf6 2. c4 e6 *',
  {
    color: 'black',
    name: 'Black repertoire',
  },
).unwrap();

let nextId = 0;
const game = (
  moves: string,
  color: 'white' | 'black',
  result: number | null,
  tags = '',
): ReportGame<{ id: number }> => ({
  pgn: `[White "a"]\n[Black "b"]\n${tags}\n${moves}`,
  color,
  result,
  ref: { id: ++nextId },
});

describe('repertoireReport on hand-made games', () => {
  test('the same wrong move in three games is one row, with the score over them', () => {
    const games = [
      game('1. e4 c5 2. c3 d5 1-0', 'white', 1),
      game('1. e4 c5 2. c3 Nf6 0-1', 'white', 0),
      game('1. e4 c5 2. c3 e6 1/2-1/2', 'white', 0.5),
      game('1. e4 c5 2. Nc3 Nc6 0-1', 'white', 0),
    ];
    const report = repertoireReport(games, { white: WHITE });
    expect(report).toMatchObject({
      games: 4,
      compared: 4,
      stayedInBook: 0,
      averageMoveLeft: 2,
      leftByOpponent: [],
    });
    expect(report.leftByYou).toHaveLength(2);
    const [first, second] = report.leftByYou;
    expect(first).toMatchObject({
      fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
      line: '1. e4 c5',
      fenAfter: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b KQkq - 0 2',
      moveNumber: 2,
      color: 'white',
      playedSan: 'c3',
      playedUci: 'c2c3',
      expectedSan: ['Nf3'],
      expectedUci: ['g1f3'],
      count: 3,
      score: 0.5,
    });
    // Each game says where to open it: after the move played (ply 3 = 2. c3).
    expect(first.games.map((g) => [g.id, g.ply, g.result])).toEqual([
      [games[0].ref.id, 3, 1],
      [games[1].ref.id, 3, 0],
      [games[2].ref.id, 3, 0.5],
    ]);
    expect(second).toMatchObject({ playedSan: 'Nc3', count: 1, score: 0 });
  });

  test("opponents' surprises and the player's own deviations land in separate lists", () => {
    const report = repertoireReport(
      [
        game('1. e4 e6 2. d4 d5 1-0', 'white', 1),
        game('1. e4 e6 2. d4 d5 0-1', 'white', 0),
        game('1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 *', 'white', null),
        game('1. d4 Nf6 2. c4 g6 1-0', 'black', 0),
        game('1. e4 c5 2. Nc3 Nc6 1-0', 'black', 0),
      ],
      { white: WHITE, black: BLACK },
    );
    expect(report.stayedInBook).toBe(1);
    expect(report.leftByOpponent.map((d) => [d.line, d.playedSan, d.expectedSan, d.count, d.color])).toEqual([
      ['1. e4', 'e6', ['c5', 'e5'], 2, 'white'],
      ['1. e4 c5', 'Nc3', ['Nf3'], 1, 'black'],
    ]);
    expect(report.leftByOpponent[0].score).toBe(0.5);
    expect(report.leftByYou.map((d) => [d.line, d.playedSan, d.expectedSan, d.color])).toEqual([
      ['1. d4 Nf6 2. c4', 'g6', ['e6'], 'black'],
    ]);
    expect(report.averageMoveLeft).toBeCloseTo((1 + 1 + 2 + 2) / 4);
  });

  test('transpositions meet: the same position and move from two move orders is one row', () => {
    const rep = buildRepertoireFromPgn('1. d4 Nf6 2. c4 e6 3. Nc3 *', { color: 'white' }).unwrap();
    const report = repertoireReport(
      [game('1. d4 Nf6 2. c4 e6 3. Nf3 b6 *', 'white', 1), game('1. c4 e6 2. d4 Nf6 3. Nf3 b6 *', 'white', 0)],
      { white: rep },
    );
    // 1. c4 is itself a deviation at move 1; only the first game reaches 3. Nf3 inside the repertoire.
    expect(report.leftByYou.map((d) => [d.playedSan, d.count])).toEqual([
      ['c4', 1],
      ['Nf3', 1],
    ]);
    const both = repertoireReport(
      [game('1. d4 Nf6 2. c4 e6 3. Nf3 *', 'white', 1), game('1. d4 e6 2. c4 Nf6 3. Nf3 *', 'white', 0)],
      {
        white: buildRepertoireFromPgn('1. d4 Nf6 2. c4 e6 3. Nc3 *\n\n1. d4 e6 2. c4 Nf6 *', {
          color: 'white',
        }).unwrap(),
      },
    );
    expect(both.leftByYou).toHaveLength(1);
    expect(both.leftByYou[0]).toMatchObject({ playedSan: 'Nf3', count: 2, score: 0.5, line: '1. d4 Nf6 2. c4 e6' });
  });

  test('excluded moves are not book: playing one is a deviation', () => {
    const rep = buildRepertoireFromPgn('1. e4 e5 2. Nf3 (2. Qh5?! Nc6) Nc6 *', {
      color: 'white',
      excludeSymbols: ['?!'],
    }).unwrap();
    const report = repertoireReport([game('1. e4 e5 2. Qh5 Nc6 *', 'white', 0)], { white: rep });
    expect(report.leftByYou[0]).toMatchObject({ playedSan: 'Qh5', expectedSan: ['Nf3'] });
  });

  test('games from a set-up position, variants, empty games and broken PGN are skipped and counted', () => {
    const report = repertoireReport(
      [
        game(
          '1. e4 c5 *',
          'white',
          1,
          '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"]\n',
        ),
        game(
          '1. b3 b6 *',
          'white',
          1,
          '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1"]\n',
        ),
        game('1. e4 e5 *', 'white', 1, '[Variant "Atomic"]\n'),
        game('0-1', 'white', 0),
        { pgn: '', color: 'white', result: null, ref: { id: 0 } },
        game(
          '1. e4 c5 2. Nf3 d6 *',
          'white',
          1,
          '[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n',
        ),
      ],
      { white: WHITE },
    );
    expect(report).toMatchObject({
      games: 6,
      compared: 1,
      stayedInBook: 1,
      averageMoveLeft: null,
      notCompared: { nonStandard: 3, noStudy: 0, noMoves: 1, unreadable: 1 },
    });
  });

  test('a colour without a study is named and its games are not compared', () => {
    const report = repertoireReport([game('1. e4 c5 2. c3 *', 'white', 1), game('1. e4 e5 *', 'black', 0)], {
      white: WHITE,
    });
    expect(report.noStudy).toEqual(['black']);
    expect(report.notCompared.noStudy).toBe(1);
    expect(report.compared).toBe(1);
    expect(repertoireReport([], {}).noStudy).toEqual(['white', 'black']);
  });

  test('the score is null when no game behind a row has a result', () => {
    const report = repertoireReport([game('1. e4 c5 2. c3 *', 'white', null)], { white: WHITE });
    expect(report.leftByYou[0].score).toBeNull();
  });

  test('rows are ranked by count, then earliest move, then white first', () => {
    const report = repertoireReport(
      [
        game('1. e4 c5 2. Nf3 g6 *', 'white', 1),
        game('1. d4 Nf6 2. c4 c5 *', 'black', 1),
        game('1. e4 d5 *', 'white', 1),
        game('1. e4 c5 2. Nf3 g6 *', 'white', 0),
      ],
      { white: WHITE, black: BLACK },
    );
    expect(report.leftByOpponent.map((d) => d.playedSan)).toEqual(['g6', 'd5']);
    expect(report.leftByYou.map((d) => d.playedSan)).toEqual(['c5']);
  });
});

describe('repertoireReport on real games', () => {
  const ruyLopez = buildRepertoireFromPgn(readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'), {
    color: 'white',
    excludeSymbols: ['??'],
  }).unwrap();
  const sicilian = buildRepertoireFromPgn(readFixture('lichess/study_chapter_8c8bmUfy_current_format_2026.pgn'), {
    color: 'black',
  }).unwrap();
  const lichessGames = makeGameRecords(readFixture('lichess/games_user_thibault_2025.pgn'), 'thibault', 'Lichess');
  const chesscomGames = makeGameRecords(
    readFixture('chesscom/games_fabianocaruana_2020_05.pgn'),
    'FabianoCaruana',
    'Chess.com',
  );
  const toReportGames = (records: typeof lichessGames) =>
    records.map((r) => ({
      pgn: r.pgn,
      color: r.heroColor === 'White' ? ('white' as const) : ('black' as const),
      result: r.result,
      ref: { link: r.link },
    }));

  test.each([
    ['thibault on Lichess', () => toReportGames(lichessGames)],
    ['FabianoCaruana on Chess.com', () => toReportGames(chesscomGames)],
  ])('%s: every game is counted once and every row agrees with compareGame', (_name, make) => {
    const games = make();
    const reps = { white: ruyLopez, black: sicilian };
    const report = repertoireReport(games, reps);
    const notCompared = Object.values(report.notCompared).reduce((a, b) => a + b, 0);
    expect(report.compared + notCompared).toBe(games.length);
    const rows = [...report.leftByYou, ...report.leftByOpponent];
    expect(report.stayedInBook + rows.reduce((n, d) => n + d.count, 0)).toBe(report.compared);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.games).toHaveLength(row.count);
      for (const behind of row.games) {
        const source = games.find((g) => g.ref.link === behind.link)!;
        // The whole game replayed, as game review compares it.
        const played = parseGames(source.pgn, { lenient: true }).unwrap()[0];
        const c = compareGame(reps[source.color], played);
        expect(c.outcome).toBe('left');
        expect(c.played?.san).toBe(row.playedSan);
        expect(c.ply + 1).toBe(behind.ply);
        expect(c.side).toBe(report.leftByYou.includes(row) ? 'player' : 'opponent');
      }
    }
    // Most frequent first.
    const counts = report.leftByYou.map((d) => d.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  test('the builder, one game at a time, gives the same report', () => {
    const games = toReportGames(lichessGames);
    const builder = createReportBuilder<{ link: string }>({ white: ruyLopez, black: sicilian });
    for (const game of games) builder.add(game);
    expect(builder.finish()).toEqual(repertoireReport(games, { white: ruyLopez, black: sicilian }));
  });

  test("thibault's abandoned game without moves is counted, not compared", () => {
    const report = repertoireReport(toReportGames(lichessGames), { white: ruyLopez, black: sicilian });
    expect(report.notCompared.noMoves).toBe(1);
    expect(report.games).toBe(50);
  });

  test('one real game ranked where compareGame says it left', () => {
    const [first] = lichessGames;
    const played = parseGames(first.pgn).unwrap()[0];
    const c = compareGame(ruyLopez, played);
    const report = repertoireReport(toReportGames([first]), { white: ruyLopez });
    const list = c.side === 'player' ? report.leftByYou : report.leftByOpponent;
    expect(list[0]).toMatchObject({
      fen: c.fen,
      line: c.line,
      playedSan: c.played?.san,
      count: 1,
      score: first.result,
    });
  });
});
