/**
 * makeSanAndPlay with the same output as chessops's, minus its cost on every move: chessops asks for
 * the game's outcome after each move (all legal moves of the side to move); a mate needs a check,
 * so here that question is asked only when the move gives check. Standard chess only.
 */
import { bishopAttacks, kingAttacks, knightAttacks, queenAttacks, rookAttacks } from 'chessops/attacks';
import type { Context, Position } from 'chessops/chess';
import { SquareSet } from 'chessops/squareSet';
import type { NormalMove, Role } from 'chessops/types';
import { makeSquare, roleToChar, squareFile, squareRank } from 'chessops/util';

const FILES = 'abcdefgh';
const RANKS = '12345678';

const sanWithoutSuffix = (pos: Position, move: NormalMove): string => {
  const role = pos.board.getRole(move.from);
  if (!role) return '--';
  if (role === 'king' && (pos.board[pos.turn].has(move.to) || Math.abs(move.to - move.from) === 2))
    return move.to > move.from ? 'O-O' : 'O-O-O';
  const capture = pos.board.occupied.has(move.to) || (role === 'pawn' && squareFile(move.from) !== squareFile(move.to));
  let san = '';
  if (role !== 'pawn') {
    san = roleToChar(role).toUpperCase();
    let others: SquareSet;
    if (role === 'king') others = kingAttacks(move.to).intersect(pos.board.king);
    else if (role === 'queen') others = queenAttacks(move.to, pos.board.occupied).intersect(pos.board.queen);
    else if (role === 'rook') others = rookAttacks(move.to, pos.board.occupied).intersect(pos.board.rook);
    else if (role === 'bishop') others = bishopAttacks(move.to, pos.board.occupied).intersect(pos.board.bishop);
    else others = knightAttacks(move.to).intersect(pos.board.knight);
    others = others.intersect(pos.board[pos.turn]).without(move.from);
    if (others.nonEmpty()) {
      const ctx = pos.ctx();
      for (const from of others) if (!pos.dests(from, ctx).has(move.to)) others = others.without(from);
      if (others.nonEmpty()) {
        let row = false;
        let column = others.intersects(SquareSet.fromRank(squareRank(move.from)));
        if (others.intersects(SquareSet.fromFile(squareFile(move.from)))) row = true;
        else column = true;
        if (column) san += FILES[squareFile(move.from)];
        if (row) san += RANKS[squareRank(move.from)];
      }
    }
  } else if (capture) san = FILES[squareFile(move.from)];
  if (capture) san += 'x';
  san += makeSquare(move.to);
  if (move.promotion) san += '=' + roleToChar(move.promotion).toUpperCase();
  return san;
};

// Character codes of the SAN shapes recognised as already written right.
const CAPTURE = 120; // 'x'
const FILE_A = 97;
const RANK_1 = 49;
const CHECK = 43; // '+'
const MATE = 35; // '#'
const PIECE_LETTER: Record<Role, number> = { pawn: 0, knight: 78, bishop: 66, rook: 82, queen: 81, king: 75 };

/**
 * Whether `written` (its first `length` characters) is already the move's SAN before the check mark,
 * judged without building it, for the shapes most moves take: a pawn push or capture without
 * promotion, a piece move with no disambiguation. parseSan reads a move written without
 * disambiguation only when no other piece can make it, so none is due.
 */
const isWrittenBody = (pos: Position, move: NormalMove, written: string, length: number): boolean => {
  const role = pos.board.getRole(move.from);
  if (!role || move.promotion) return false;
  const pawn = role === 'pawn';
  const capture = pos.board.occupied.has(move.to) || (pawn && (move.from & 7) !== (move.to & 7));
  let i = 0;
  if (pawn) {
    if (capture && written.charCodeAt(i++) !== FILE_A + (move.from & 7)) return false;
  } else {
    if (written.charCodeAt(i++) !== PIECE_LETTER[role]) return false;
    // Castling is written O-O, never as a king move.
    if (role === 'king' && (pos.board[pos.turn].has(move.to) || Math.abs(move.to - move.from) === 2)) return false;
  }
  if (capture && written.charCodeAt(i++) !== CAPTURE) return false;
  return (
    length === i + 2 &&
    written.charCodeAt(i) === FILE_A + (move.to & 7) &&
    written.charCodeAt(i + 1) === RANK_1 + (move.to >> 3)
  );
};

/** Where makeSanAndPlayFast leaves the context of the position after the move, for its moves to reuse. */
export interface AfterMove {
  ctx?: Context;
}

/**
 * Plays the move and returns its SAN. `written`, the text parseSan read the move from, is returned
 * itself when it is already the SAN, so the common move costs no new string. The check mark needs
 * the new position's context; `after` receives it.
 */
export const makeSanAndPlayFast = (pos: Position, move: NormalMove, written?: string, after?: AfterMove): string => {
  let body: string | undefined;
  let writtenMark = 0;
  if (written !== undefined) {
    const last = written.charCodeAt(written.length - 1);
    writtenMark = last === CHECK || last === MATE ? last : 0;
    if (!isWrittenBody(pos, move, written, written.length - (writtenMark ? 1 : 0))) body = sanWithoutSuffix(pos, move);
  } else body = sanWithoutSuffix(pos, move);
  pos.play(move);
  const ctx = pos.ctx();
  if (after) after.ctx = ctx;
  const mark = ctx.checkers.isEmpty() ? 0 : pos.isCheckmate(ctx) ? MATE : CHECK;
  if (body === undefined) {
    if (mark === writtenMark) return written!;
    body = written!.slice(0, written!.length - (writtenMark ? 1 : 0));
  }
  return mark === 0 ? body : `${body}${mark === MATE ? '#' : '+'}`;
};
