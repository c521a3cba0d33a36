// Chess core figures: repertoire build, consistency check, one game comparison and PGN parse
// speed against chessops's own parser, on a generated repertoire and on the largest real study.
import { Chess } from 'chessops/chess';
import { ChildNode, Node, parsePgn as chessopsParsePgn, startingPosition, walk, type Game, type PgnNodeData } from 'chessops/pgn';
import { makeSanAndPlay, parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import {
  buildRepertoireFromPgn,
  checkConsistency,
  compareGame,
  compareGamePgn,
  createOpeningBook,
  coverageReport,
  makePgnText,
  parseGames,
  parsePgn,
  type PlayedGame,
} from '../src/chess/index.js';
import { readFixture } from '../test/fixtures.js';

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
  console.log(`${name}: ${unit !== 'ms' && unit !== 'x' && unit !== 'KiB' ? value : unit === 'x' ? value.toFixed(2) : value < 1 ? value.toFixed(3) : value.toFixed(1)} ${unit}`);

// Seeded generator so every run measures the same repertoire.
let seed = 20240601;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests) moves.push(pawn && (to >> 3 === 0 || to >> 3 === 7) ? { from, to, promotion: 'queen' } : { from, to });
  }
  return moves.sort((a, b) => (makeUci(a) < makeUci(b) ? -1 : 1));
};

// Plays plies moves under node; the first `narrow` plies pick among few moves so chapters share openings.
const line = (node: Node<PgnNodeData>, pos: Chess, plies: number, narrow: number, branches: number): void => {
  let at = node;
  for (let i = 0; i < plies; i++) {
    const moves = legalMoves(pos);
    if (moves.length === 0) return;
    const width = i < narrow ? Math.min(3, moves.length) : moves.length;
    if (branches > 0 && i > 6 && i % 8 === 0) line(at, pos.clone(), 18, 0, 0);
    const child = new ChildNode<PgnNodeData>({ san: makeSanAndPlay(pos, moves[Math.floor(random() * width)]) });
    if (random() < 0.02) child.data.nags = [6];
    if (random() < 0.05) child.data.comments = ['[%cal Ge2e4] a short note about the plan'];
    at.children.push(child);
    at = child;
  }
};

const generateStudy = (chapters: number): string =>
  Array.from({ length: chapters }, (_, i) => {
    const game: Game<PgnNodeData> = {
      headers: new Map([
        ['Event', `Generated: Chapter ${i + 1}`],
        ['StudyName', 'Generated'],
        ['ChapterName', `Chapter ${i + 1}`],
      ]),
      moves: new Node(),
    };
    line(game.moves, Chess.default(), 44, 6, 3);
    return makePgnText(game);
  }).join('\n\n');

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
  print(`${label} build time`, median(() => buildRepertoireFromPgn(text, { color, lenient: true })), 'ms');
  print(`${label} consistency check time`, median(() => checkConsistency(rep)), 'ms');
  print(`${label} opening book time`, median(() => createOpeningBook(rep)), 'ms');
  print(`${label} comparison time`, median(() => compareGame(rep, game), 201), 'ms');
  print(`${label} comparison plies followed`, compareGame(rep, game).ply, 'plies');
  const [ours, theirs] = ratio(() => parsePgn(text), () => chessopsParsePgn(text));
  print(`${label} parse time`, ours, 'ms');
  print(`${label} chessops parse time`, theirs, 'ms');
  print(`${label} parse speed ratio vs chessops`, ours / theirs, 'x');
  const [replayOurs, replayTheirs] = ratio(() => parseGames(text, { lenient: true }), () => replayWithChessops(text), 11);
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
print('generated comparison with parsing time', median(() => compareGamePgn(rep, gameText), 201), 'ms');
const stats = new Map([...rep.positions.values()].filter((p) => p.turn === 'black').slice(0, 2000).map((p) => [
  p.fen,
  { white: 60, draws: 10, black: 30, moves: p.moves.map((m) => ({ uci: m.uci, san: m.san, white: 30, draws: 5, black: 15 })) },
]));
print('generated coverage report time', median(() => coverageReport(rep, stats), 5), 'ms');

const study = readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
const [studyGame] = mainlineGame(study);
measure('largest fixture', study, studyGame, 'white');
