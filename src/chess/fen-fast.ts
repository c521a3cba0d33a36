/**
 * makeFen(pos.toSetup()) for standard chess, with the same output at a fraction of the cost: the
 * board is written from the piece bitboards instead of asking each of the 64 squares, and the board
 * is not copied. Replaying a study writes a FEN after every move, so this is the replay's hot spot.
 *
 *   makeFenFast(Chess.default()) === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
 */
import { pawnAttacks } from 'chessops/attacks';
import type { Board } from 'chessops/board';
import type { Position } from 'chessops/chess';
import { makeCastlingFen } from 'chessops/fen';
import type { SquareSet } from 'chessops/squareSet';
import { makeSquare, opposite } from 'chessops/util';

// Each role with the character codes of its black and white letter.
const ROLE_CODES = (
  [
    ['pawn', 'p'],
    ['knight', 'n'],
    ['bishop', 'b'],
    ['rook', 'r'],
    ['queen', 'q'],
    ['king', 'k'],
  ] as const
).map(([role, char]) => [role, char.charCodeAt(0), char.toUpperCase().charCodeAt(0)] as const);

// Reused between calls (the domain is single-threaded): one piece letter code per square, 0 when empty.
const squares = new Uint8Array(64);
const SLASH = 47;
const SPACE = 32;
const DIGIT_0 = 48;

const mark = (set: SquareSet, white: SquareSet, lower: number, upper: number): void => {
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? set.lo : set.hi;
    const whiteBits = half === 0 ? white.lo : white.hi;
    while (bits !== 0) {
      const bit = bits & -bits;
      squares[half * 32 + 31 - Math.clz32(bit)] = whiteBits & bit ? upper : lower;
      bits ^= bit;
    }
  }
};

// Reused between calls: the FEN's character codes, written by index. A fresh array grown by push for
// every FEN cost as much as reading the board.
const codes: number[] = new Array<number>(96).fill(0);

/** The codes written so far as one flat string (a string built with += is a chain of small pieces). */
const takeCodes = (length: number): string => {
  codes.length = length;
  return String.fromCharCode.apply(null, codes);
};

/** The piece placement field, as chessops's makeBoardFen writes it (no promoted marks). */
export const makeBoardFenFast = (board: Board): string => takeCodes(writeBoardCodes(board, 0));

/** Writes the placement field's codes from index `at`; returns the index after them. */
const writeBoardCodes = (board: Board, at: number): number => {
  squares.fill(0);
  for (const [role, lower, upper] of ROLE_CODES) mark(board[role], board.white, lower, upper);
  let n = at;
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let square = rank * 8; square < rank * 8 + 8; square++) {
      const piece = squares[square];
      if (piece === 0) empty++;
      else {
        if (empty > 0) codes[n++] = DIGIT_0 + empty;
        empty = 0;
        codes[n++] = piece;
      }
    }
    if (empty > 0) codes[n++] = DIGIT_0 + empty;
    if (rank > 0) codes[n++] = SLASH;
  }
  return n;
};

/** Writes a space and the text's codes from index `at`; returns the index after them. */
const writeText = (text: string, at: number): number => {
  let n = at;
  codes[n++] = SPACE;
  for (let i = 0; i < text.length; i++) codes[n++] = text.charCodeAt(i);
  return n;
};

// a1, h1, a8, h8 and the kings' squares e1, e8.
const A1 = 0;
const H1 = 7;
const A8 = 56;
const H8 = 63;
const CORNERS = (1 << A1) | (1 << H1);
const CORNERS_HI = (1 << (A8 - 32)) | (1 << (H8 - 32));

/** Castling field: 'KQkq' letters when rooks and kings stand where they start, chessops's otherwise. */
const makeCastlingFenFast = (pos: Position): string => {
  const rights = pos.castles.castlingRights;
  if (rights.lo === 0 && rights.hi === 0) return '-';
  if ((rights.lo & ~CORNERS) !== 0 || (rights.hi & ~CORNERS_HI) !== 0) return makeCastlingFen(pos.board, rights);
  const white = rights.lo !== 0;
  const black = rights.hi !== 0;
  if ((white && pos.board.kingOf('white') !== 4) || (black && pos.board.kingOf('black') !== 60))
    return makeCastlingFen(pos.board, rights);
  let fen = '';
  if (rights.lo & (1 << H1)) fen += 'K';
  if (rights.lo & (1 << A1)) fen += 'Q';
  if (rights.hi & (1 << (H8 - 32))) fen += 'k';
  if (rights.hi & (1 << (A8 - 32))) fen += 'q';
  return fen;
};

/**
 * The en-passant square when a capture there is legal, as toSetup keeps it, without toSetup's copy
 * of the board; most double pawn pushes have no pawn beside them to capture.
 */
const findLegalEpSquare = (pos: Position): number | undefined => {
  const ep = pos.epSquare;
  if (ep === undefined) return undefined;
  const candidates = pos.board.pieces(pos.turn, 'pawn').intersect(pawnAttacks(opposite(pos.turn), ep));
  if (candidates.isEmpty()) return undefined;
  const ctx = pos.ctx();
  for (const candidate of candidates) if (pos.dests(candidate, ctx).has(ep)) return ep;
  return undefined;
};

/** Full FEN of a standard-chess position, identical to makeFen(pos.toSetup()). */
export const makeFenFast = (pos: Position): string => {
  const ep = findLegalEpSquare(pos);
  const halfmoves = Math.max(0, Math.min(pos.halfmoves, 9999));
  const fullmoves = Math.max(1, Math.min(pos.fullmoves, 9999));
  let n = writeBoardCodes(pos.board, 0);
  n = writeText(pos.turn[0], n);
  n = writeText(makeCastlingFenFast(pos), n);
  n = writeText(ep === undefined ? '-' : makeSquare(ep), n);
  n = writeText(String(halfmoves), n);
  n = writeText(String(fullmoves), n);
  return takeCodes(n);
};
