/**
 * FEN validation with the product's messages, and position keys.
 *
 * validateFen('8/8/8/8/8/8/8/8 w - - 0 0') fails with
 * '6th field (move number) must be a positive integer.'
 * positionKey('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')
 *   === 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -'
 */
import { Result } from '@badrap/result';
import { makeFenFast } from './fen-fast.js';
import type { Position } from 'chessops/chess';

export const FEN_ERROR_CODES = [
  'fields',
  'moveNumber',
  'halfMoves',
  'enPassant',
  'castling',
  'sideToMove',
  'rows',
  'consecutiveNumbers',
  'invalidPiece',
  'rowTooLarge',
  'illegalEnPassant',
] as const;
export type FenErrorCode = (typeof FEN_ERROR_CODES)[number];

export const FEN_MESSAGES: Record<FenErrorCode, string> = {
  fields: 'FEN string must contain six space-delimited fields.',
  moveNumber: '6th field (move number) must be a positive integer.',
  halfMoves: '5th field (half move counter) must be a non-negative integer.',
  enPassant: '4th field (en-passant square) is invalid.',
  castling: '3rd field (castling availability) is invalid.',
  sideToMove: '2nd field (side to move) is invalid.',
  rows: "1st field (piece positions) does not contain 8 '/'-delimited rows.",
  consecutiveNumbers: '1st field (piece positions) is invalid [consecutive numbers].',
  invalidPiece: '1st field (piece positions) is invalid [invalid piece].',
  rowTooLarge: '1st field (piece positions) is invalid [row too large].',
  illegalEnPassant: 'Illegal en-passant square',
};

export class FenValidationError extends Error {
  constructor(readonly code: FenErrorCode) {
    super(FEN_MESSAGES[code]);
    this.name = 'FenValidationError';
  }
}

const fail = (code: FenErrorCode) => Result.err(new FenValidationError(code));

/** Checks the text of a full six-field FEN; returns the FEN unchanged when valid. */
export const validateFen = (fen: string): Result<string, FenValidationError> => {
  const tokens = fen.split(/\s+/);
  if (tokens.length !== 6) return fail('fields');
  const [placement, turn, castling, ep, halfMoves, moveNumber] = tokens;
  if (!/^[0-9]+$/.test(moveNumber) || parseInt(moveNumber, 10) <= 0) return fail('moveNumber');
  if (!/^[0-9]+$/.test(halfMoves)) return fail('halfMoves');
  if (!/^(-|[a-h][36])$/.test(ep)) return fail('enPassant');
  if (!/^(KQ?k?q?|Qk?q?|kq?|q|-)$/.test(castling)) return fail('castling');
  if (!/^(w|b)$/.test(turn)) return fail('sideToMove');
  const rows = placement.split('/');
  if (rows.length !== 8) return fail('rows');
  for (const row of rows) {
    let squares = 0;
    let previousWasNumber = false;
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') {
        if (previousWasNumber) return fail('consecutiveNumbers');
        squares += ch.charCodeAt(0) - 48;
        previousWasNumber = true;
      } else {
        if (!/^[prnbqkPRNBQK]$/.test(ch)) return fail('invalidPiece');
        squares += 1;
        previousWasNumber = false;
      }
    }
    if (squares !== 8) return fail('rowTooLarge');
  }
  if ((ep[1] === '3' && turn === 'w') || (ep[1] === '6' && turn === 'b')) return fail('illegalEnPassant');
  return Result.ok(fen);
};

/** FEN without the half-move clock and move number, so transpositions share one key. */
export const positionKey = (fen: string): string => {
  // FENs written by the app have single spaces: cut after the fourth field without splitting.
  const written = WRITTEN_KEY.exec(fen);
  if (written) return written[1];
  return fen.trim().split(/\s+/).slice(0, 4).join(' ');
};
const WRITTEN_KEY = /^([^\s]+ [^\s]+ [^\s]+ [^\s]+)(?: [^\s]+ [^\s]+)?$/;

/** Full FEN and key of a chessops position. */
export const fenOf = (pos: Position): string => makeFenFast(pos);
export const keyOf = (pos: Position): string => positionKey(fenOf(pos));
