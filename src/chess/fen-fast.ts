/**
 * makeFen(pos.toSetup()) for standard chess, with the same output at a fraction of the cost: the
 * board is written from the piece bitboards instead of asking each of the 64 squares, and the board
 * is not copied. Replaying a study writes a FEN after every move, so this is the replay's hot spot.
 *
 *   makeFenFast(Chess.default()) === 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
 */
import { pawnAttacks } from 'chessops/attacks';
import type { Board } from 'chessops/board';
import type { Context, Position } from 'chessops/chess';
import { makeCastlingFen } from 'chessops/fen';
import type { SquareSet } from 'chessops/squareSet';
import { makeSquare, opposite } from 'chessops/util';

// Each role's black letter code; its white letter is 32 lower.
const PAWN = 112;
const KNIGHT = 110;
const BISHOP = 98;
const ROOK = 114;
const QUEEN = 113;
const KING = 107;
const UPPER = 32;

// Reused between calls (the domain is single-threaded): the piece letter code of each occupied square
// (the others hold stale codes and are never read).
const squares = new Uint8Array(64);
const SLASH = 47;
const SPACE = 32;
const DIGIT_0 = 48;

const mark = (set: SquareSet, white: SquareSet, lower: number): void => {
  let bits = set.lo;
  while (bits !== 0) {
    const bit = bits & -bits;
    squares[31 - Math.clz32(bit)] = white.lo & bit ? lower - UPPER : lower;
    bits ^= bit;
  }
  bits = set.hi;
  while (bits !== 0) {
    const bit = bits & -bits;
    squares[63 - Math.clz32(bit)] = white.hi & bit ? lower - UPPER : lower;
    bits ^= bit;
  }
};

// Reused between calls: the FEN's character codes, written by index (a FEN is at most 92 long). A
// fresh array grown by push for every FEN cost as much as reading the board.
const codes = new Uint8Array(128);
// Every runtime the domain runs in has TextDecoder; its tsconfig leaves out the DOM and Node types that declare it.
type Utf8Decoder = { decode(bytes: Uint8Array): string };
const decoder = new (globalThis as unknown as { TextDecoder: new () => Utf8Decoder }).TextDecoder();
// A view of the first n codes for every n, made once: a view made per FEN cost a tenth of the FEN.
const prefixes = Array.from({ length: codes.length + 1 }, (_, n) => codes.subarray(0, n));

/**
 * The codes written so far as one flat string (a string built with += is a chain of small pieces);
 * decoding ASCII bytes takes half the time of String.fromCharCode over an array.
 */
const takeCodes = (length: number): string => decoder.decode(prefixes[length]);

/** The piece placement field, as chessops's makeBoardFen writes it (no promoted marks). */
export const makeBoardFenFast = (board: Board): string => takeCodes(writeBoardCodes(board, 0));

/** Writes the placement field's codes from index `at`; returns the index after them. */
const writeBoardCodes = (board: Board, at: number): number => {
  const white = board.white;
  mark(board.pawn, white, PAWN);
  mark(board.knight, white, KNIGHT);
  mark(board.bishop, white, BISHOP);
  mark(board.rook, white, ROOK);
  mark(board.queen, white, QUEEN);
  mark(board.king, white, KING);
  const { lo, hi } = board.occupied;
  let n = at;
  for (let rank = 7; rank >= 0; rank--) {
    // The rank's eight squares as bits, file a lowest: only its pieces are visited.
    let bits = (rank < 4 ? lo >>> (rank * 8) : hi >>> ((rank - 4) * 8)) & 0xff;
    let file = 0;
    while (bits !== 0) {
      const next = 31 - Math.clz32(bits & -bits);
      if (next > file) codes[n++] = DIGIT_0 + next - file;
      codes[n++] = squares[rank * 8 + next];
      file = next + 1;
      bits &= bits - 1;
    }
    if (file < 8) codes[n++] = DIGIT_0 + 8 - file;
    if (rank > 0) codes[n++] = SLASH;
  }
  return n;
};

/** Writes a space and the number's digits (0 to 9999) from index `at`; returns the index after them. */
const writeNumber = (value: number, at: number): number => {
  let n = at;
  codes[n++] = SPACE;
  if (value >= 1000) codes[n++] = DIGIT_0 + Math.floor(value / 1000);
  if (value >= 100) codes[n++] = DIGIT_0 + (Math.floor(value / 100) % 10);
  if (value >= 10) codes[n++] = DIGIT_0 + (Math.floor(value / 10) % 10);
  codes[n++] = DIGIT_0 + (value % 10);
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
  const mask =
    (rights.lo & (1 << H1) ? 8 : 0) |
    (rights.lo & (1 << A1) ? 4 : 0) |
    (rights.hi & (1 << (H8 - 32)) ? 2 : 0) |
    (rights.hi & (1 << (A8 - 32)) ? 1 : 0);
  return CASTLING_BY_MASK[mask];
};

// The field for each set of standard rights (K, Q, k, q as bits 8, 4, 2, 1), made once.
const CASTLING_BY_MASK: readonly string[] = Array.from(
  { length: 16 },
  (_, m) => (m & 8 ? 'K' : '') + (m & 4 ? 'Q' : '') + (m & 2 ? 'k' : '') + (m & 1 ? 'q' : '') || '-',
);

/**
 * The en-passant square when a capture there is legal, as toSetup keeps it, without toSetup's copy
 * of the board; most double pawn pushes have no pawn beside them to capture.
 */
const findLegalEpSquare = (pos: Position, known?: Context): number | undefined => {
  const ep = pos.epSquare;
  if (ep === undefined) return undefined;
  const candidates = pos.board.pieces(pos.turn, 'pawn').intersect(pawnAttacks(opposite(pos.turn), ep));
  if (candidates.isEmpty()) return undefined;
  const ctx = known ?? pos.ctx();
  for (const candidate of candidates) if (pos.dests(candidate, ctx).has(ep)) return ep;
  return undefined;
};

/** Writes the four fields of the position key (placement, turn, castling, en passant); returns their length. */
const writeKeyCodes = (pos: Position, ctx?: Context): number => {
  const ep = findLegalEpSquare(pos, ctx);
  let n = writeBoardCodes(pos.board, 0);
  n = writeText(pos.turn[0], n);
  n = writeText(makeCastlingFenFast(pos), n);
  return writeText(ep === undefined ? '-' : makeSquare(ep), n);
};

// toSetup caps the clock at 150 (the seventy-five-move rule), makeFen the move number at 9999.
/** The half-move clock as the FEN writes it. */
export const fenHalfmoves = (pos: Position): number => Math.max(0, Math.min(pos.halfmoves, 150));
/** The move number as the FEN writes it. */
export const fenFullmoves = (pos: Position): number => Math.max(1, Math.min(pos.fullmoves, 9999));

/** Where makeFenFast leaves the length of the FEN's first four fields (the position key). */
export interface FenKeyLength {
  keyLength?: number;
}

/**
 * Full FEN of a standard-chess position, identical to makeFen(pos.toSetup()); ctx is pos.ctx() when
 * known; `out` receives the key's length, so the key is a slice of the FEN found without searching it.
 */
export const makeFenFast = (pos: Position, ctx?: Context, out?: FenKeyLength): string => {
  let n = writeKeyCodes(pos, ctx);
  if (out) out.keyLength = n;
  n = writeNumber(fenHalfmoves(pos), n);
  n = writeNumber(fenFullmoves(pos), n);
  return takeCodes(n);
};
