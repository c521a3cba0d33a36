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
import { addMoveNote, parseIntro, type MoveNote, type ParsedComment } from './annotations.js';
import { excludedNags, type ExcludeSymbol } from './exclude-symbols.js';
import { positionKey } from './fen.js';
import { makeLinePgnWithSetup } from './pgn-write.js';
import { buildRepertoireFromText, buildRepertoireFromTextInSteps } from './repertoire-build.js';
import { knownMove, leaveMove, RepertoireGraph } from './repertoire-graph.js';
import { findStudyName, type PgnParseError, type PlayedGame, type PlayedMove } from './pgn.js';

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];

export interface RepertoireChapter {
  /** Position in Repertoire.chapters. */
  index: number;
  name: string;
  startFen: string;
  /** The comment before the chapter's first move, when there is one. */
  intro?: ParsedComment;
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
  /** Chapter indexes that play the move here, ascending. */
  chapters: number[];
  /** Chapter lines (root-to-leaf paths) that play the move. */
  lines: number;
  /** Of those, the lines that go on after it; 0 means the move ends every line that plays it. */
  continuingLines: number;
  /**
   * The first line of each of `chapters` (in the same order) that plays the move, ending with it: the
   * step alone while one chapter plays it (most moves: no list kept per move). Read with chapterLine.
   */
  firstLine: LineStep | LineStep[];
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
  positions: ReadonlyMap<string, RepertoirePosition>;
  /** Keys of the chapters' starting positions, without repeats. */
  roots: string[];
  /** The study's annotations by noteKey(position key, move UCI); only moves with a comment or NAG. */
  notes: Map<string, MoveNote>;
}

export interface RepertoireOptions {
  color: Color;
  excludeSymbols?: readonly ExcludeSymbol[];
  /** Defaults to the study name in the chapters' tags, else 'Opening'. */
  name?: string;
  /** Cut illegal moves from the PGN instead of failing; see PlayedGame.warnings. */
  lenient?: boolean;
}

const fullmovesOf = (fen: string) => parseInt(fen.slice(fen.lastIndexOf(' ') + 1), 10) || 1;

/** Merges games into one repertoire, a game at a time, in chapter order, into the one-pass build's graph. */
const repertoireMerger = (options: RepertoireOptions) => {
  const excluded = [...(options.excludeSymbols ?? [])];
  const nags = excludedNags(excluded);
  const isExcluded = (m: PlayedMove) => m.nags !== undefined && m.nags.some((n) => nags.has(n));
  const graph = new RepertoireGraph();
  const chapters: RepertoireChapter[] = [];
  const notes = new Map<string, MoveNote>();
  const turnOf = (key: string): Color => (key.includes(' w ') ? 'white' : 'black');

  // Returns the number of chapter lines (leaves) below the node. Depth first with a stack of its own,
  // not recursion: a chapter of thousands of plies must not overflow the call stack.
  const visit = (node: Node<PlayedMove>, at: RepertoirePosition, chapter: number): number => {
    const stack: VisitFrame[] = [{ node, at, line: undefined, next: 0, leaves: 0, move: undefined }];
    for (;;) {
      const frame = stack[stack.length - 1];
      const children = frame.node.children;
      // The next child not excluded.
      while (frame.next < children.length && isExcluded(children[frame.next].data)) frame.next++;
      if (frame.next >= children.length) {
        stack.pop();
        const parent = stack[stack.length - 1];
        if (parent === undefined) return frame.leaves;
        parent.leaves += leaveMove(parent.move!, frame.leaves);
        continue;
      }
      const child = children[frame.next++];
      const data = child.data;
      const at = frame.at;
      const key = positionKey(data.fen);
      const next = graph.reach(key, turnOf(key), fullmovesOf(data.fen), data.fen);
      const known = knownMove(at, data.uci);
      const step = known ? graph.enterMove(known, chapter, frame.line) : { san: data.san, previous: frame.line };
      const move = known ?? graph.addMove(at, data.uci, key, chapter, step);
      if (data.comments !== undefined || data.nags !== undefined || data.startingComments !== undefined)
        addMoveNote(notes, at.key, data.uci, key, data);
      frame.move = move;
      stack.push({ node: child, at: next, line: step, next: 0, leaves: 0, move: undefined });
    }
  };

  let first: PlayedGame | undefined;
  return {
    add(game: PlayedGame): void {
      first ??= game;
      const index = chapters.length;
      const chapter: RepertoireChapter = { index, name: game.name, startFen: game.startFen };
      const intro = parseIntro(game.comments);
      if (intro) chapter.intro = intro;
      chapters.push(chapter);
      const key = positionKey(game.startFen);
      visit(game.moves, graph.root(key, turnOf(key), fullmovesOf(game.startFen), game.startFen), index);
    },
    finish(): Repertoire {
      graph.finish();
      const name = options.name ?? (first && findStudyName(first.headers)) ?? 'Opening';
      return { name, color: options.color, excluded, chapters, positions: graph.positions, roots: graph.roots, notes };
    },
  };
};

export const buildRepertoire = (games: Iterable<PlayedGame>, options: RepertoireOptions): Repertoire => {
  const merger = repertoireMerger(options);
  for (const game of games) merger.add(game);
  return merger.finish();
};

/**
 * Parses a study or PGN file and builds the repertoire; PGN errors name the game and move. One pass
 * (repertoire-build.ts): the same result and failures as parseGames then buildRepertoire.
 */
export const buildRepertoireFromPgn = (text: string, options: RepertoireOptions): Result<Repertoire, PgnParseError> =>
  buildRepertoireFromText(text, options);

/**
 * The same repertoire built a game at a time: parsed, played and merged, then a pause (a yield) before
 * the next game, so a caller can let other work run and only one game's moves are held besides the
 * repertoire. Errors are those of buildRepertoireFromPgn; with more than one fault, the first in the text.
 */
export function* buildRepertoireSteps(
  text: string,
  options: RepertoireOptions,
): Generator<void, Result<Repertoire, PgnParseError>> {
  return yield* buildRepertoireFromTextInSteps(text, options);
}

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

/** One node whose children are being visited, and the move its current child was reached by. */
interface VisitFrame {
  node: Node<PlayedMove>;
  at: RepertoirePosition;
  line: LineStep | undefined;
  next: number;
  leaves: number;
  move: RepertoireMove | undefined;
}
