/**
 * chessops's parseSan for standard chess, with the same answer for every text, minus two costs on
 * every move of a replay: the text is read by character codes instead of a regular expression, and
 * the position's context (king, pins, checkers) is the caller's, taken once per position for all of
 * its moves and for the check mark of the move that led there. Texts of other shapes (castling,
 * promotions, anything unusual) go to chessops's own parseSan.
 */
import { attacks } from 'chessops/attacks';
import type { Context, Position } from 'chessops/chess';
import { parseSan } from 'chessops/san';
import { SquareSet } from 'chessops/squareSet';
import type { Move, Role } from 'chessops/types';
import { opposite } from 'chessops/util';

const FILE_A = 97;
const RANK_1 = 49;
const CAPTURE = 120; // 'x'
const DASH = 45; // '-'
const CHECK = 43; // '+'
const MATE = 35; // '#'

// The upper-case piece letters a SAN text starts with (a lower-case 'b' is a file).
const ROLE_BY_CODE: Partial<Record<number, Role>> = { 78: 'knight', 66: 'bishop', 82: 'rook', 81: 'queen', 75: 'king' };

const fileAt = (san: string, i: number): number => san.charCodeAt(i) - FILE_A;
const rankAt = (san: string, i: number): number => san.charCodeAt(i) - RANK_1;
const isIndex = (n: number): boolean => n >= 0 && n <= 7;

/** The move `san` names in `pos`, or undefined when it names none or more than one; ctx is pos.ctx(). */
export const parseSanFast = (pos: Position, san: string, ctx: Context): Move | undefined => {
  let end = san.length;
  const last = san.charCodeAt(end - 1);
  if (last === CHECK || last === MATE) end--;
  const target = end - 2;
  if (target < 0) return parseSan(pos, san);
  const toFile = fileAt(san, target);
  const toRank = rankAt(san, target + 1);
  if (!isIndex(toFile) || !isIndex(toRank)) return parseSan(pos, san);
  let i = 0;
  const role = ROLE_BY_CODE[san.charCodeAt(0)] ?? 'pawn';
  if (role !== 'pawn') i++;
  let file = -1;
  let rank = -1;
  if (i < target && isIndex(fileAt(san, i))) file = fileAt(san, i++);
  if (i < target && isIndex(rankAt(san, i))) rank = rankAt(san, i++);
  if (i < target && (san.charCodeAt(i) === CAPTURE || san.charCodeAt(i) === DASH)) i++;
  if (i !== target) return parseSan(pos, san);

  const to = toRank * 8 + toFile;
  // A pawn reaching the last rank must name its promotion: that shape is chessops's to read.
  if (role === 'pawn' && (toRank === 0 || toRank === 7)) return undefined;
  let candidates = pos.board.pieces(pos.turn, role);
  if (role === 'pawn' && file < 0) candidates = candidates.intersect(SquareSet.fromFile(toFile));
  else if (file >= 0) candidates = candidates.intersect(SquareSet.fromFile(file));
  if (rank >= 0) candidates = candidates.intersect(SquareSet.fromRank(rank));
  const reach = attacks({ color: opposite(pos.turn), role }, to, pos.board.occupied);
  candidates = candidates.intersect(role === 'pawn' ? reach.union(SquareSet.fromFile(toFile)) : reach);
  // A knight, bishop, rook or queen that reaches `to` may go there when its side is not in check, it
  // is not pinned and `to` holds no piece of its own side: what dests would say, without making them.
  const free = role !== 'pawn' && role !== 'king' && ctx.checkers.isEmpty() && !pos.board[pos.turn].has(to);
  let from: number | undefined;
  // The candidates' squares read bit by bit (the set's iterator is a generator).
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? candidates.lo : candidates.hi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const candidate = half * 32 + 31 - Math.clz32(bit);
      if (free && !ctx.blockers.has(candidate) ? true : pos.dests(candidate, ctx).has(to)) {
        if (from !== undefined) return undefined; // ambiguous
        from = candidate;
      }
    }
  }
  return from === undefined ? undefined : { from, to };
};
