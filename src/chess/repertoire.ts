/**
 * A repertoire: every chapter of a study (or game of a PGN file) for one colour, merged
 * into one graph keyed by position (FEN without move counters), so transpositions meet.
 * A move annotated with an excluded symbol is dropped together with everything after it.
 *
 *   buildRepertoireFromPgn('1. e4 e5 2. Nf3 *\n\n1. e4 e5 2. Bc4 *', { color: 'white' })
 *   -> the position after 1. e4 e5 has two moves, Nf3 and Bc4, each with one chapter.
 */
import { Result } from '@badrap/result';
import type { Node } from 'chessops/pgn';
import { excludedNags, type ExcludeSymbol } from './exclude-symbols.js';
import { positionKey } from './fen.js';
import { makeLinePgnWithSetup } from './pgn-write.js';
import { findStudyName, type PgnParseError, type PlayedGame, type PlayedMove } from './pgn.js';
import { buildRepertoireFromText } from './repertoire-build.js';
import { knownMove, leaveMove, RepertoireGraph } from './repertoire-graph.js';

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];

export interface RepertoireChapter {
  /** Position in Repertoire.chapters. */
  index: number;
  name: string;
  startFen: string;
}

/** One step of a chapter line, linked back to the line's start (shared between lines). */
export interface LineStep {
  san: string;
  previous: LineStep | undefined;
}

export interface RepertoireMove {
  san: string;
  uci: string;
  /** Key of the position after the move. */
  to: string;
  /** Chapter indexes that play the move here, ascending (shared between moves: never changed in place). */
  chapters: readonly number[];
  /** Chapter lines (root-to-leaf paths) that play the move. */
  lines: number;
  /** Of those, the lines that go on after it; 0 means the move ends every line that plays it. */
  continuingLines: number;
  /** The first line of each chapter that plays the move, ending with it. */
  firstLine: Map<number, LineStep>;
}

export interface RepertoirePosition {
  key: string;
  /** Full FEN of the earliest occurrence (lowest move number). */
  fen: string;
  turn: Color;
  /** Lowest full-move number at which a chapter reaches the position. */
  moveNumber: number;
  moves: RepertoireMove[];
}

export interface Repertoire {
  name: string;
  color: Color;
  excluded: ExcludeSymbol[];
  chapters: RepertoireChapter[];
  positions: Map<string, RepertoirePosition>;
  /** Keys of the chapters' starting positions, without repeats. */
  roots: string[];
}

export interface RepertoireOptions {
  color: Color;
  excludeSymbols?: readonly ExcludeSymbol[];
  /** Defaults to the study name in the chapters' tags, else 'Opening'. */
  name?: string;
  /** Cut illegal moves from the PGN instead of failing; see PlayedGame.warnings. */
  lenient?: boolean;
}

export const buildRepertoire = (games: readonly PlayedGame[], options: RepertoireOptions): Repertoire => {
  const excluded = [...(options.excludeSymbols ?? [])];
  const nags = excludedNags(excluded);
  const isExcluded = (m: PlayedMove) => m.nags !== undefined && m.nags.some((n) => nags.has(n));
  const graph = new RepertoireGraph();
  const chapters: RepertoireChapter[] = [];
  const fullmovesOf = (fen: string) => parseInt(fen.slice(fen.lastIndexOf(' ') + 1), 10) || 1;
  const turnOf = (key: string): Color => (key.includes(' w ') ? 'white' : 'black');

  // Returns the number of chapter lines (leaves) below the node.
  const visit = (
    node: Node<PlayedMove>,
    at: RepertoirePosition,
    chapter: number,
    line: LineStep | undefined,
  ): number => {
    let leaves = 0;
    for (const child of node.children) {
      const data = child.data;
      if (isExcluded(data)) continue;
      const key = positionKey(data.fen);
      const next = graph.reach(key, turnOf(key), fullmovesOf(data.fen), data.fen);
      const known = knownMove(at, data.uci);
      const step = known ? graph.enterMove(known, chapter, line) : { san: data.san, previous: line };
      const move = known ?? graph.addMove(at, data.uci, key, chapter, step);
      leaves += leaveMove(move, visit(child, next, chapter, step));
    }
    return leaves;
  };

  games.forEach((game, index) => {
    chapters.push({ index, name: game.name, startFen: game.startFen });
    const key = positionKey(game.startFen);
    visit(game.moves, graph.root(key, turnOf(key), fullmovesOf(game.startFen), game.startFen), index, undefined);
  });

  const name = options.name ?? (games[0] && findStudyName(games[0].headers)) ?? 'Opening';
  return { name, color: options.color, excluded, chapters, positions: graph.positions, roots: graph.roots };
};

/** Parses a study or PGN file and builds the repertoire; PGN errors name the game and move. */
export const buildRepertoireFromPgn = (text: string, options: RepertoireOptions): Result<Repertoire, PgnParseError> =>
  buildRepertoireFromText(text, options);

/** SAN moves from a line's start to its last step. */
export const lineSans = (step: LineStep | undefined): string[] => {
  const sans: string[] = [];
  for (let s = step; s; s = s.previous) sans.push(s.san);
  return sans.reverse();
};

/** PGN of a chapter's line ending with the given step (with FEN tags for set-up chapters). */
export const linePgn = (rep: Repertoire, chapter: number, step: LineStep | undefined): string =>
  makeLinePgnWithSetup(rep.chapters[chapter].startFen, lineSans(step));

export const findPosition = (rep: Repertoire, fen: string): RepertoirePosition | undefined =>
  rep.positions.get(positionKey(fen));

/** True when the player (the repertoire's colour) is to move in the position. */
export const isPlayerToMove = (rep: Repertoire, position: RepertoirePosition): boolean => position.turn === rep.color;
