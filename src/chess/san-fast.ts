/**
 * makeSanAndPlay with the same output as chessops's, minus its cost on every move: chessops asks for
 * the game's outcome after each move (all legal moves of the side to move); a mate needs a check,
 * so here that question is asked only when the move gives check. Standard chess only.
 */
import { bishopAttacks, kingAttacks, knightAttacks, queenAttacks, rookAttacks } from 'chessops/attacks';
import type { Position } from 'chessops/chess';
import { SquareSet } from 'chessops/squareSet';
import type { NormalMove } from 'chessops/types';
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

export const makeSanAndPlayFast = (pos: Position, move: NormalMove): string => {
  const san = sanWithoutSuffix(pos, move);
  pos.play(move);
  if (!pos.isCheck()) return san;
  return pos.isCheckmate() ? `${san}#` : `${san}+`;
};
