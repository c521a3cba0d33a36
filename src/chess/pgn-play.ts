/**
 * Playing a PGN tree's moves (the replay behind parseGames and replayGame): each node's SAN read in
 * its position, written back normalised, with the FEN after it. Depth first with a stack of its own.
 *
 *   playChildren(game.moves, root, pos, pos.ctx(), 0, true, failures, false) // root: the played tree
 */
import type { Context, Position } from 'chessops/chess';
import { ChildNode, Node, type PgnNodeData } from 'chessops/pgn';
import type { Move } from 'chessops/types';
import { makeSquare, makeUci } from 'chessops/util';
import { makeFenFast } from './fen-fast.js';
import { makeSanAndPlayFast, type AfterMove } from './san-fast.js';
import { parseSanFast } from './san-parse-fast.js';

export interface PlayedMove extends PgnNodeData {
  /** Normalised SAN, e.g. 'Nf3', 'O-O', 'exd6'. */
  san: string;
  /** chessops UCI; castling is king-to-rook ('e1h1'). */
  uci: string;
  /** Half-moves from the game's starting position, 1 for the first move. */
  ply: number;
  /** FEN after the move. */
  fen: string;
}

// Every from-to UCI string made once: a study of 28,000 positions would otherwise build one per move.
const UCI_BY_SQUARES: readonly string[] = Array.from(
  { length: 64 * 64 },
  (_, i) => makeSquare(i >> 6) + makeSquare(i & 63),
);

/** makeUci(move), the common move's text made once. */
export const uciOf = (move: Move): string =>
  'from' in move && move.promotion === undefined ? UCI_BY_SQUARES[move.from * 64 + move.to] : makeUci(move);

export interface Failure {
  pos: Position;
  san: string;
  mainline: boolean;
}

// Filled by each move played: the context of the position it reached (replays never overlap).
const after: AfterMove = {};

/** One node whose children are being played: what the recursion's arguments were, and where it is. */
interface PlayFrame {
  from: Node<PgnNodeData>;
  to: Node<PlayedMove> | undefined;
  pos: Position;
  ctx: Context;
  ply: number;
  mainline: boolean;
  /** The next child to play. */
  next: number;
  /** Children kept so far (in place). */
  kept: number;
}

/**
 * Plays `from`'s children onto `to`, or in place when `to` is undefined; ctx is pos.ctx(), taken once
 * for the check mark of the move that led here and for reading every child. Returns false once an
 * illegal move has been met and the replay is not lenient. Depth first with a stack of its own, not
 * recursion: a game of thousands of plies must not overflow the call stack.
 */
export function playChildren(
  from: Node<PgnNodeData>,
  to: Node<PlayedMove> | undefined,
  pos: Position,
  ctx: Context,
  ply: number,
  mainline: boolean,
  failures: Failure[],
  lenient: boolean,
): boolean {
  const stack: PlayFrame[] = [{ from, to, pos, ctx, ply, mainline, next: 0, kept: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const children = frame.from.children;
    const count = children.length;
    if (frame.next >= count) {
      if (!frame.to) children.length = frame.kept;
      stack.pop();
      continue;
    }
    const i = frame.next++;
    // The last child may consume the position; the others need their own copy.
    const p = i === count - 1 ? frame.pos : frame.pos.clone();
    const source = children[i];
    const data = source.data;
    const move = parseSanFast(p, data.san, frame.ctx);
    if (!move) {
      failures.push({ pos: p, san: data.san, mainline: frame.mainline && i === 0 });
      if (lenient) continue;
      return false;
    }
    const uci = uciOf(move);
    const san = 'from' in move ? makeSanAndPlayFast(p, move, data.san, after) : '--';
    const childCtx = 'from' in move ? after.ctx! : p.ctx();
    // Written out rather than spread: one object shape for every move keeps the replay fast.
    const played: PlayedMove = {
      san,
      uci,
      ply: frame.ply + 1,
      fen: makeFenFast(p, childCtx),
      startingComments: data.startingComments,
      comments: data.comments,
      nags: data.nags,
    };
    let child: ChildNode<PlayedMove> | undefined;
    if (frame.to) {
      child = new ChildNode<PlayedMove>(played);
      frame.to.children.push(child);
    } else {
      (source as unknown as ChildNode<PlayedMove>).data = played;
      children[frame.kept++] = source;
    }
    stack.push({
      from: source,
      to: child,
      pos: p,
      ctx: childCtx,
      ply: frame.ply + 1,
      mainline: frame.mainline && i === 0,
      next: 0,
      kept: 0,
    });
  }
  return true;
}
