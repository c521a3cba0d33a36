// The reference for the repertoire build tests: every game read by chessops's parsePgn, replayed with
// chessops's parseSan, makeSanAndPlay and makeFen, and merged into the position graph in the plainest
// way, independent of the app's fast replay; and a canonical text of what the app builds, to compare.
import { readdirSync } from 'node:fs';
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { ChildNode, emptyHeaders, makePgn, Node, parsePgn, parseVariant, startingPosition } from 'chessops/pgn';
import type { Game, PgnNodeData } from 'chessops/pgn';
import { makeSanAndPlay, parseSan } from 'chessops/san';
import type { NormalMove, Role } from 'chessops/types';
import { makeSquare, makeUci } from 'chessops/util';
import {
  chapterLines,
  excludedNags,
  findStudyName,
  gameName,
  lineSans,
  moveLabel,
  type LineStep,
  type PlayedGame,
  type PlayedMove,
  type Repertoire,
  type RepertoireOptions,
  type RepertoirePosition,
} from '../src/chess/index.js';
import { fixturesDir } from './fixtures.js';

/** The games as the app's parseGames must return them; warnings as their messages. */
export interface ReferenceGame extends Omit<PlayedGame, 'warnings'> {
  warnings: string[];
}

/** parseGames by chessops alone: undefined where the text has a game that cannot be replayed. */
export function referenceParseGames(text: string, lenient = false): ReferenceGame[] | undefined {
  const games: ReferenceGame[] = [];
  for (const [index, game] of parsePgn(text, emptyHeaders).entries()) {
    const name = gameName(game.headers, index);
    const label = `Game ${index + 1} "${name}"`;
    if (parseVariant(game.headers.get('Variant')) !== 'chess') return undefined;
    const start = startingPosition(game.headers);
    if (start.isErr) return undefined;
    const warnings: string[] = [];
    const root = new Node<PlayedMove>();
    const play = (from: Node<PgnNodeData>, to: Node<PlayedMove>, pos: Chess, ply: number, main: boolean): boolean => {
      for (const [i, source] of from.children.entries()) {
        const p = pos.clone();
        const move = parseSan(p, source.data.san);
        if (!move) {
          const where = main && i === 0 ? '' : ' (in a variation)';
          warnings.push(`${label}: illegal move ${moveLabel(p.fullmoves, p.turn, source.data.san)}${where}`);
          if (lenient) continue;
          return false;
        }
        const uci = makeUci(move);
        const san = makeSanAndPlay(p, move);
        const { startingComments, comments, nags } = source.data;
        const child = new ChildNode<PlayedMove>({
          san,
          uci,
          ply: ply + 1,
          fen: makeFen(p.toSetup()),
          startingComments,
          comments,
          nags,
        });
        to.children.push(child);
        if (!play(source, child, p, ply + 1, main && i === 0)) return false;
      }
      return true;
    };
    const pos = start.value as Chess;
    const startFen = makeFen(pos.toSetup());
    if (!play(game.moves, root, pos, 0, true) && !lenient) return undefined;
    games.push({ index, name, headers: game.headers, comments: game.comments, startFen, moves: root, warnings });
  }
  return games;
}

/** The repertoire merged from the games in the plainest way. */
export function referenceBuild(games: readonly ReferenceGame[], options: RepertoireOptions): Repertoire {
  const excluded = [...(options.excludeSymbols ?? [])];
  const nags = excludedNags(excluded);
  const positions = new Map<string, RepertoirePosition>();
  const roots: string[] = [];
  const keyOf = (fen: string) => fen.split(' ').slice(0, 4).join(' ');
  const touch = (fen: string): RepertoirePosition => {
    const key = keyOf(fen);
    const moveNumber = Number(fen.split(' ')[5]);
    const known = positions.get(key);
    if (!known) {
      const p: RepertoirePosition = {
        key,
        fen,
        turn: fen.split(' ')[1] === 'w' ? 'white' : 'black',
        moveNumber,
        moves: [],
      };
      positions.set(key, p);
      return p;
    }
    if (moveNumber < known.moveNumber || (moveNumber === known.moveNumber && fen < known.fen)) {
      known.moveNumber = moveNumber;
      known.fen = fen;
    }
    return known;
  };
  const visit = (node: Node<PlayedMove>, at: RepertoirePosition, chapter: number, line?: LineStep): number => {
    let leaves = 0;
    for (const child of node.children) {
      const data = child.data;
      if ((data.nags ?? []).some((n) => nags.has(n))) continue;
      const next = touch(data.fen);
      let move = at.moves.find((m) => m.uci === data.uci);
      if (!move) {
        move = {
          san: data.san,
          uci: data.uci,
          to: next.key,
          chapters: [],
          lines: 0,
          continuingLines: 0,
          firstLine: [],
        };
        at.moves.push(move);
      }
      const step: LineStep = { san: data.san, previous: line };
      if (!move.chapters.includes(chapter)) {
        move.chapters = [...move.chapters, chapter];
        move.firstLine = [...chapterLines(move), step];
      }
      const below = visit(child, next, chapter, step);
      move.lines += Math.max(below, 1);
      if (below > 0) move.continuingLines += below;
      leaves += Math.max(below, 1);
    }
    return leaves;
  };
  const chapters = games.map((game, index) => {
    const root = touch(game.startFen);
    if (!roots.includes(root.key)) roots.push(root.key);
    visit(game.moves, root, index);
    return { index, name: game.name, startFen: game.startFen };
  });
  const name = options.name ?? (games[0] && findStudyName(games[0].headers)) ?? 'Opening';
  // Annotations are held to the one-pass build's by annotations.test.ts.
  return { name, color: options.color, excluded, chapters, positions, roots, notes: new Map() };
}

/** One line per position (in the map's order) and a first line for the rest: all a repertoire holds. */
export const repertoireLines = (rep: Repertoire): string[] => [
  JSON.stringify([
    rep.name,
    rep.color,
    rep.excluded,
    rep.chapters.map((c) => [c.index, c.name, c.startFen]),
    rep.roots,
  ]),
  ...[...rep.positions].map(([key, p]) =>
    JSON.stringify([
      key,
      p.key,
      p.fen,
      p.turn,
      p.moveNumber,
      p.moves.map((m) => [
        m.san,
        m.uci,
        m.to,
        m.chapters,
        m.lines,
        m.continuingLines,
        m.chapters.map((c, i) => [c, lineSans(chapterLines(m)[i])]),
        chapterLines(m).length,
      ]),
    ]),
  ),
];

type Played = Omit<PlayedGame, 'warnings'> & { warnings: readonly (string | Error)[] };

/** One line per move (preorder) and a first line per game: all a played game holds. */
export const playedLines = (games: readonly Played[]): string[] =>
  games.flatMap((g) => {
    const lines = [
      JSON.stringify([
        g.index,
        g.name,
        [...g.headers],
        g.comments,
        g.startFen,
        g.warnings.map((w) => (typeof w === 'string' ? w : w.message)),
      ]),
    ];
    const walk = (node: Node<PlayedMove>, depth: number) => {
      for (const child of node.children) {
        const d = child.data;
        lines.push(JSON.stringify([depth, d.san, d.uci, d.ply, d.fen, d.startingComments, d.comments, d.nags]));
        walk(child, depth + 1);
      }
    };
    walk(g.moves, 0);
    return lines;
  });

const PROMOTIONS: Role[] = ['queen', 'knight', 'rook', 'bishop'];

/**
 * A seeded study of long random games written the ways real files write moves: check marks left out
 * or added, needless disambiguation, captures without 'x', '0-0' castling, promotions without '=',
 * set-up chapters, NAGs (the excludable ones too), comments and variations.
 */
export function awkwardStudy(games: number, seedValue: number): string {
  let seed = seedValue;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  const starts = [
    undefined,
    'r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    '4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 60',
  ];
  const written = (pos: Chess, move: NormalMove): string => {
    const san = makeSanAndPlay(pos.clone(), move);
    const r = random();
    if (san.startsWith('O-O')) return r < 0.3 ? san.replace(/O/g, '0') : san;
    if (r < 0.15) return san.replace(/[+#]$/, '');
    if (r < 0.2 && !/[+#]$/.test(san)) return `${san}+`;
    if (r < 0.3 && /^[NBRQ]x?[a-h][1-8]/.test(san)) return san[0] + makeSquare(move.from)[0] + san.slice(1);
    if (r < 0.35) return san.replace('x', '');
    if (r < 0.4) return san.replace('=', '');
    return san;
  };
  const chapter = (i: number): string => {
    const fen = starts[i % starts.length];
    const headers = new Map([
      ['Event', `Awkward: Chapter ${i + 1}`],
      ['ChapterName', `Chapter ${i + 1}`],
    ]);
    if (fen) headers.set('FEN', fen).set('SetUp', '1');
    const game: Game<PgnNodeData> = { headers, moves: new Node() };
    const line = (node: Node<PgnNodeData>, pos: Chess, plies: number, depth: number) => {
      let at = node;
      for (let ply = 0; ply < plies; ply++) {
        const moves: NormalMove[] = [];
        for (const [from, dests] of pos.allDests())
          for (const to of dests) {
            const last = pos.board.pawn.has(from) && (to >> 3 === 0 || to >> 3 === 7);
            moves.push(last ? { from, to, promotion: PROMOTIONS[Math.floor(random() * 4)] } : { from, to });
          }
        if (moves.length === 0) return;
        const pawns = moves.filter((m) => pos.board.pawn.has(m.from));
        const pool = pawns.length > 0 && random() < 0.4 ? pawns : moves;
        if (depth < 2 && random() < 0.08) line(at, pos.clone(), 12, depth + 1);
        const move = pool[Math.floor(random() * pool.length)];
        const child = new ChildNode<PgnNodeData>({ san: written(pos, move) });
        pos.play(move);
        if (random() < 0.05) child.data.nags = [[2, 4, 5, 6, 1, 3][Math.floor(random() * 6)]];
        if (random() < 0.03) child.data.comments = ['a note'];
        if (random() < 0.01) child.data.startingComments = ['before'];
        at.children.push(child);
        at = child;
      }
    };
    line(game.moves, startingPosition(headers).unwrap() as Chess, 160, 0);
    return makePgn(game);
  };
  return Array.from({ length: games }, (_, i) => chapter(i)).join('\n');
}

/** Paths of every PGN fixture, as readFixture takes them. */
export const pgnFixtures = (): string[] =>
  ['lichess', 'chesscom'].flatMap((dir) =>
    readdirSync(`${fixturesDir}/${dir}`)
      .filter((file) => file.endsWith('.pgn'))
      .map((file) => `${dir}/${file}`),
  );
