// Legality for the playable board: a dragged move is tried on the position with chessops.
// Example: playDraggedMove(START_FEN, 'e2', 'e4') -> { ok: true, move: { san: 'e4', uci: 'e2e4', fen: '... b KQkq - 0 1' } }
import { Chess, normalizeMove } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeSquare, makeUci, parseSquare } from 'chessops/util';
import type { Role } from 'chessops/types';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** A piece a pawn may promote to. */
export type PromotionRole = Extract<Role, 'queen' | 'rook' | 'bishop' | 'knight'>;
export const PROMOTION_ROLES: readonly PromotionRole[] = ['queen', 'rook', 'knight', 'bishop'];

/** A legal move made on the board, with the position after it. */
export type BoardMove = {
  from: string;
  to: string;
  /** e.g. 'e7e8q'; castling as the king's two-square move, 'e1g1'. */
  uci: string;
  /** e.g. 'Nf3', 'O-O', 'exd8=Q#'. */
  san: string;
  promotion?: PromotionRole;
  /** Full FEN after the move. */
  fen: string;
};

export type MoveAttempt = { ok: true; move: BoardMove } | { ok: false; error: string };

/** Tries from -> to on `fen`; a pawn reaching the last rank promotes to `promotion` (queen unless told). */
export function playDraggedMove(
  fen: string,
  from: string,
  to: string,
  promotion: PromotionRole = 'queen',
): MoveAttempt {
  const setup = parseFen(fen);
  if (setup.isErr) return { ok: false, error: `Invalid position: ${setup.error.message}` };
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) return { ok: false, error: `Invalid position: ${position.error.message}` };
  const pos = position.value;
  const fromSquare = parseSquare(from);
  const toSquare = parseSquare(to);
  if (fromSquare === undefined || toSquare === undefined) return { ok: false, error: `Illegal move: ${from}-${to}` };

  const piece = pos.board.get(fromSquare);
  const lastRank = pos.turn === 'white' ? 7 : 0;
  const promotes = piece?.role === 'pawn' && toSquare >> 3 === lastRank;
  const move = normalizeMove(pos, { from: fromSquare, to: toSquare, promotion: promotes ? promotion : undefined });
  if (!pos.isLegal(move)) return { ok: false, error: `Illegal move: ${from}-${to}` };

  const san = makeSan(pos, move);
  pos.play(move);
  return {
    ok: true,
    move: {
      from,
      to,
      uci: makeUci({ from: fromSquare, to: toSquare, promotion: promotes ? promotion : undefined }),
      san,
      promotion: promotes ? promotion : undefined,
      fen: makeFen(pos.toSetup()),
    },
  };
}

/** The side to move in a FEN, white when the FEN does not say. */
export const sideToMove = (fen: string): 'white' | 'black' => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

/** The squares the piece on `from` may move to (castling as the king's two-square move); [] when none. */
export function legalTargets(fen: string, from: string): string[] {
  const setup = parseFen(fen);
  if (setup.isErr) return [];
  const position = Chess.fromSetup(setup.value);
  const square = parseSquare(from);
  if (position.isErr || square === undefined) return [];
  const pos = position.value;
  const targets = new Set<string>();
  const king = pos.board.get(square)?.role === 'king';
  for (const to of pos.dests(square)) {
    // chessops lists castling as king-takes-rook; the board plays it as the king's two-square move.
    const castles = king && pos.board.get(to)?.color === pos.turn;
    const shown = castles ? (to & ~7) | (to > square ? 6 : 2) : to;
    targets.add(makeSquare(shown));
  }
  return [...targets];
}
