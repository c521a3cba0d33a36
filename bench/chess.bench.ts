// Chess core figures: repertoire build, consistency check, one game comparison and PGN parse
// speed against chessops's own parser, on a generated repertoire and on the largest real study.
import { parsePgn as chessopsParsePgn, startingPosition, walk } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import {
  buildRepertoireFromPgn,
  checkConsistency,
  compareGame,
  compareGamePgn,
  createOpeningBook,
  coverageReport,
  parseGames,
  parsePgn,
  type PlayedGame,
} from '../src/chess/index.js';
import { readFixture } from '../test/fixtures.js';
import { generateStudy } from './generated-study.js';

const RUNS = 15;

const median = (fn: () => unknown, runs = RUNS): number => {
  fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
};

// Alternates the two so background load hits both alike; returns the ratio of medians.
const ratio = (ours: () => unknown, theirs: () => unknown, runs = 101): [number, number] => {
  ours();
  theirs();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    ours();
    a.push(performance.now() - t);
    t = performance.now();
    theirs();
    b.push(performance.now() - t);
  }
  const mid = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return [mid(a), mid(b)];
};

const print = (name: string, value: number, unit: string) =>
  console.log(
    `${name}: ${unit !== 'ms' && unit !== 'x' && unit !== 'KiB' ? value : unit === 'x' ? value.toFixed(2) : value < 1 ? value.toFixed(3) : value.toFixed(1)} ${unit}`,
  );

const replayWithChessops = (text: string) => {
  for (const g of chessopsParsePgn(text)) {
    const pos = startingPosition(g.headers).unwrap();
    walk(g.moves, pos, (p, n) => {
      const m = parseSan(p, n.san);
      if (!m) return false;
      p.play(m);
    });
  }
};

const measure = (label: string, text: string, game: PlayedGame, color: 'white' | 'black') => {
  const rep = buildRepertoireFromPgn(text, { color, lenient: true }).unwrap();
  const bytes = text.length;
  print(`${label} chapters`, rep.chapters.length, 'chapters');
  print(`${label} positions`, rep.positions.size, 'positions');
  print(`${label} text size`, bytes / 1024, 'KiB');
  print(
    `${label} build time`,
    median(() => buildRepertoireFromPgn(text, { color, lenient: true })),
    'ms',
  );
  print(
    `${label} consistency check time`,
    median(() => checkConsistency(rep)),
    'ms',
  );
  print(
    `${label} opening book time`,
    median(() => createOpeningBook(rep)),
    'ms',
  );
  print(
    `${label} comparison time`,
    median(() => compareGame(rep, game), 201),
    'ms',
  );
  print(`${label} comparison plies followed`, compareGame(rep, game).ply, 'plies');
  const [ours, theirs] = ratio(
    () => parsePgn(text),
    () => chessopsParsePgn(text),
  );
  print(`${label} parse time`, ours, 'ms');
  print(`${label} chessops parse time`, theirs, 'ms');
  print(`${label} parse speed ratio vs chessops`, ours / theirs, 'x');
  const [replayOurs, replayTheirs] = ratio(
    () => parseGames(text, { lenient: true }),
    () => replayWithChessops(text),
    11,
  );
  print(`${label} parse and replay ratio vs chessops parse and replay`, replayOurs / replayTheirs, 'x');
  return rep;
};

const generated = generateStudy(220);
// The comparison follows a whole chapter's main line, the longest walk through the repertoire.
const mainlineGame = (text: string): [PlayedGame, string] => {
  const [first] = parseGames(text, { lenient: true }).unwrap();
  const sans = [...first.moves.mainline()].map((m) => m.san);
  const pgn = `[White "a"]\n[Black "b"]\n\n${sans.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s}` : s)).join(' ')} *`;
  return [parseGames(pgn).unwrap()[0], pgn];
};
const [game, gameText] = mainlineGame(generated);
const rep = measure('generated', generated, game, 'white');
print(
  'generated comparison with parsing time',
  median(() => compareGamePgn(rep, gameText), 201),
  'ms',
);
const stats = new Map(
  [...rep.positions.values()]
    .filter((p) => p.turn === 'black')
    .slice(0, 2000)
    .map((p) => [
      p.fen,
      {
        white: 60,
        draws: 10,
        black: 30,
        moves: p.moves.map((m) => ({ uci: m.uci, san: m.san, white: 30, draws: 5, black: 15 })),
      },
    ]),
);
print(
  'generated coverage report time',
  median(() => coverageReport(rep, stats), 5),
  'ms',
);

const study = readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
const [studyGame] = mainlineGame(study);
measure('largest fixture', study, studyGame, 'white');
