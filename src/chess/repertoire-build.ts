/**
 * A repertoire straight from PGN text, in one pass: each game is merged into the position graph while
 * it is replayed, as soon as it is read, so no played copy of the study is ever held and each game's
 * parse tree is short-lived. Gives exactly what parseGames then buildRepertoire give, failures included.
 *
 * A move a chapter already played from the same position needs no SAN, key or FEN made again (the
 * position, and so the move's SAN and the position it leads to, are the same): only its counters are read.
 */
import { Result } from '@badrap/result';
import type { Context, Position } from 'chessops/chess';
import type { Node, PgnNodeData } from 'chessops/pgn';
import type { NormalMove } from 'chessops/types';
import { addMoveNote, parseIntro, type MoveNote } from './annotations.js';
import { excludedNags } from './exclude-symbols.js';
import { fenFullmoves, makeFenFast, type FenKeyLength } from './fen-fast.js';
import { positionKey } from './fen.js';
import {
  findStudyName,
  illegalMoveError,
  readGames,
  readGamesInSteps,
  startOf,
  uciOf,
  type PgnGame,
  type PgnParseError,
} from './pgn.js';
import { knownMove, leaveMove, RepertoireGraph } from './repertoire-graph.js';
import type {
  LineStep,
  Repertoire,
  RepertoireChapter,
  RepertoireMove,
  RepertoireOptions,
  RepertoirePosition,
} from './repertoire.js';
import { makeSanAndPlayFast, type AfterMove } from './san-fast.js';
import { parseSanFast } from './san-parse-fast.js';

// Filled by each move played: the context of the position it reached (builds never overlap).
const after: AfterMove = {};
// Filled by each FEN made for a new position: its key's length.
const fenKey: FenKeyLength = {};

/** Parses a study or PGN file and builds the repertoire; PGN errors name the game and move. */
export const buildRepertoireFromText = (
  text: string,
  options: RepertoireOptions,
): Result<Repertoire, PgnParseError> => {
  const excluded = [...(options.excludeSymbols ?? [])];
  const builder = new Builder(excludedNags(excluded), options.lenient ?? false);
  const chapters: RepertoireChapter[] = [];
  let firstHeaders: Map<string, string> | undefined;
  const failure = readGames(text, (game) => {
    const start = startOf(game);
    if (start.isErr) return start.error;
    firstHeaders ??= game.headers;
    const failed = builder.chapter(game, start.value, chapters.length);
    if (failed) return failed;
    chapters.push(chapterOf(game, chapters.length, builder.startFen));
    return undefined;
  });
  if (failure) return Result.err(failure);
  const name = options.name ?? (firstHeaders && findStudyName(firstHeaders)) ?? 'Opening';
  builder.graph.finish();
  const { positions, roots } = builder.graph;
  const notes = builder.notes;
  return Result.ok({ name, color: options.color, excluded, chapters, positions, roots, notes });
};

/**
 * buildRepertoireFromText a game at a time: a pause (a yield) after each game is merged, so a caller can
 * let other work run. With more than one fault in the text, the first in text order is the one named.
 */
export function* buildRepertoireFromTextInSteps(
  text: string,
  options: RepertoireOptions,
): Generator<void, Result<Repertoire, PgnParseError>> {
  const excluded = [...(options.excludeSymbols ?? [])];
  const builder = new Builder(excludedNags(excluded), options.lenient ?? false);
  const chapters: RepertoireChapter[] = [];
  let firstHeaders: Map<string, string> | undefined;
  const games = readGamesInSteps(text);
  for (;;) {
    const next = games.next();
    if (next.done) {
      if (next.value) return Result.err(next.value);
      break;
    }
    const game = next.value;
    const start = startOf(game);
    if (start.isErr) return Result.err(start.error);
    firstHeaders ??= game.headers;
    const failed = builder.chapter(game, start.value, chapters.length);
    if (failed) return Result.err(failed);
    chapters.push(chapterOf(game, chapters.length, builder.startFen));
    yield;
  }
  const name = options.name ?? (firstHeaders && findStudyName(firstHeaders)) ?? 'Opening';
  builder.graph.finish();
  const { positions, roots } = builder.graph;
  const notes = builder.notes;
  return Result.ok({ name, color: options.color, excluded, chapters, positions, roots, notes });
}

const chapterOf = (game: PgnGame, index: number, startFen: string): RepertoireChapter => {
  const chapter: RepertoireChapter = { index, name: game.name, startFen };
  const intro = parseIntro(game.comments);
  if (intro) chapter.intro = intro;
  return chapter;
};

class Builder {
  readonly graph = new RepertoireGraph();
  /** Annotations, made only for moves that carry a comment or NAG. */
  readonly notes = new Map<string, MoveNote>();
  /** The last chapter's starting FEN. */
  startFen = '';
  private game: PgnGame | undefined;
  private readonly sans = new Map<string, string>();
  private readonly sanBySquares: (string | undefined)[] = new Array<string | undefined>(64 * 64).fill(undefined);
  private readonly frames: WalkFrame[] = [];
  private failure: PgnParseError | undefined;

  constructor(
    private readonly nags: ReadonlySet<number>,
    private readonly lenient: boolean,
  ) {}

  /** Merges one game as chapter `index`; returns its first illegal move's error unless lenient. */
  chapter(game: PgnGame, pos: Position, index: number): PgnParseError | undefined {
    this.game = game;
    this.failure = undefined;
    const ctx = pos.ctx();
    this.startFen = makeFenFast(pos, ctx);
    const root = this.graph.root(positionKey(this.startFen), pos.turn, fenFullmoves(pos), this.startFen);
    this.walk(game.moves, pos, ctx, root, index, undefined, true);
    return this.failure;
  }

  /**
   * One string per distinct SAN: the text read is otherwise kept by every move and line step. The SAN
   * last written for the same squares is most often the same text, and is compared before the map is asked.
   */
  private sharedSan(move: NormalMove, written: string): string {
    const index = move.promotion === undefined ? move.from * 64 + move.to : -1;
    if (index >= 0) {
      const last = this.sanBySquares[index];
      if (last === written) return last;
    }
    let san = this.sans.get(written);
    if (san === undefined) this.sans.set(written, (san = written));
    if (index >= 0) this.sanBySquares[index] = san;
    return san;
  }

  private isExcluded(data: PgnNodeData): boolean {
    const nags = data.nags;
    if (nags === undefined) return false;
    for (let i = 0; i < nags.length; i++) if (this.nags.has(nags[i])) return true;
    return false;
  }

  /**
   * Plays `node`'s children from pos (ctx is pos.ctx()); `at` is pos in the graph, undefined below an
   * excluded move, where moves are only checked. Returns the chapter lines (leaves) below the node.
   * Depth first with a stack of its own, not recursion: a chapter of thousands of plies must not
   * overflow the call stack.
   */
  private walk(
    node: Node<PgnNodeData>,
    pos: Position,
    ctx: Context,
    at: RepertoirePosition | undefined,
    chapter: number,
    line: LineStep | undefined,
    mainline: boolean,
  ): number {
    // The frames are kept between chapters and reused by depth, so reading a move makes no frame object.
    const frames = this.frames;
    let depth = 0;
    setFrame(frameAt(frames, 0), node, pos, ctx, at, line, mainline);
    for (;;) {
      const frame = frames[depth];
      const children = frame.node.children;
      const count = children.length;
      if (frame.next >= count) {
        if (depth === 0) return frame.leaves;
        const parent = frames[--depth];
        if (parent.played !== undefined) parent.leaves += leaveMove(parent.played, frame.leaves);
        continue;
      }
      const i = frame.next++;
      // The last child may consume the position; the others need their own copy.
      const p = i === count - 1 ? frame.pos : frame.pos.clone();
      const child = children[i];
      const data = child.data;
      const childMainline = frame.mainline && i === 0;
      const move = parseSanFast(p, data.san, frame.ctx);
      if (!move || !('from' in move)) {
        // Drops never parse in standard chess: their '--' is left to the replay that names it.
        if (this.lenient) continue;
        this.failure = illegalMoveError(this.game!, p, data.san, childMainline);
        return 0;
      }
      const target = frame.at === undefined || this.isExcluded(data) ? undefined : frame.at;
      if (target === undefined) {
        p.play(move);
        frame.played = undefined;
        setFrame(frameAt(frames, ++depth), child, p, p.ctx(), undefined, frame.line, childMainline);
        continue;
      }
      const uci = uciOf(move);
      const known = knownMove(target, uci);
      let childCtx: Context;
      let next: RepertoirePosition;
      let step: LineStep;
      let played: RepertoireMove;
      if (known !== undefined) {
        p.play(move);
        childCtx = p.ctx();
        next = this.graph.positions.get(known.to)!;
        const fullmoves = fenFullmoves(p);
        if (fullmoves <= next.moveNumber) this.graph.meet(next, fullmoves, makeFenFast(p, childCtx));
        step = this.graph.enterMove(known, chapter, frame.line);
        played = known;
      } else {
        const san = this.sharedSan(move, makeSanAndPlayFast(p, move, data.san, after));
        childCtx = after.ctx!;
        const fen = makeFenFast(p, childCtx, fenKey);
        // The key is the FEN without its two counters: a slice shares the FEN's text.
        const key = fen.slice(0, fenKey.keyLength);
        next = this.graph.reach(key, p.turn, fenFullmoves(p), fen);
        step = { san, previous: frame.line };
        played = this.graph.addMove(target, uci, next.key, chapter, step);
      }
      if (data.comments !== undefined || data.nags !== undefined || data.startingComments !== undefined)
        addMoveNote(this.notes, target.key, uci, next.key, data);
      frame.played = played;
      setFrame(frameAt(frames, ++depth), child, p, childCtx, next, step, childMainline);
    }
  }
}

/** One node whose children are being walked, and the move whose lines its child's walk counts. */
interface WalkFrame {
  node: Node<PgnNodeData>;
  pos: Position;
  ctx: Context;
  at: RepertoirePosition | undefined;
  line: LineStep | undefined;
  mainline: boolean;
  next: number;
  leaves: number;
  played: RepertoireMove | undefined;
}

/** The frame at `depth`, made the first time the walk goes that deep. */
const frameAt = (frames: WalkFrame[], depth: number): WalkFrame => {
  let frame = frames[depth];
  if (frame === undefined)
    frames.push(
      (frame = {
        node: undefined!,
        pos: undefined!,
        ctx: undefined!,
        at: undefined,
        line: undefined,
        mainline: false,
        next: 0,
        leaves: 0,
        played: undefined,
      }),
    );
  return frame;
};

const setFrame = (
  frame: WalkFrame,
  node: Node<PgnNodeData>,
  pos: Position,
  ctx: Context,
  at: RepertoirePosition | undefined,
  line: LineStep | undefined,
  mainline: boolean,
): void => {
  frame.node = node;
  frame.pos = pos;
  frame.ctx = ctx;
  frame.at = at;
  frame.line = line;
  frame.mainline = mainline;
  frame.next = 0;
  frame.leaves = 0;
  frame.played = undefined;
};
