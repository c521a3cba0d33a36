// Board helpers for the drill: replaying moves given as UCI or as a movetext line, and reading a typed move.
// Example: fensAfterUcis(START_FEN, ['e2e4', 'e7e5']) -> [fen after e4, fen after e5]
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeSquare, makeUci, parseUci } from 'chessops/util';

const positionOf = (fen: string) => {
  const setup = parseFen(fen);
  if (setup.isErr) return undefined;
  const pos = Chess.fromSetup(setup.value);
  return pos.isOk ? pos.value : undefined;
};

/** The FEN after each move; stops at the first move that cannot be played. */
export function fensAfterUcis(fen: string, ucis: readonly string[]): string[] {
  const pos = positionOf(fen);
  if (!pos) return [];
  const fens: string[] = [];
  for (const uci of ucis) {
    const move = parseUci(uci);
    if (!move || !pos.isLegal(move)) break;
    pos.play(move);
    fens.push(makeFen(pos.toSetup()));
  }
  return fens;
}

/** Moves of a movetext line ('1. e4 e5 2. Nf3') played from `fen`; undefined when one does not fit. */
export function movesOfLine(fen: string, line: string): { uci: string; san: string; fen: string }[] | undefined {
  const pos = positionOf(fen);
  if (!pos) return undefined;
  const moves: { uci: string; san: string; fen: string }[] = [];
  for (const token of line.split(/\s+/)) {
    if (token === '' || /^\d+\.+$/.test(token)) continue;
    const move = parseSan(pos, token.replace(/^\d+\.+/, ''));
    if (!move) return undefined;
    const san = makeSan(pos, move);
    pos.play(move);
    moves.push({ uci: makeUci(move), san, fen: makeFen(pos.toSetup()) });
  }
  return moves;
}

/** A move typed as SAN ('Nf3', 'O-O') or UCI ('g1f3'): its UCI and the squares, or undefined. */
export function readTypedMove(fen: string, text: string): { uci: string; from: string; to: string } | undefined {
  const pos = positionOf(fen);
  const typed = text.trim();
  if (!pos || typed === '') return undefined;
  const move = parseSan(pos, typed) ?? parseUci(typed.toLowerCase());
  if (!move || !('from' in move) || !pos.isLegal(move)) return undefined;
  return { uci: makeUci(move), from: makeSquare(move.from), to: makeSquare(move.to) };
}

/** Squares of a move for an arrow; castling written king-takes-rook (e1h1) points where the king lands. */
export function arrowSquares(fen: string, uci: string): { from: string; to: string } {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const pos = positionOf(fen);
  const move = parseUci(uci);
  if (!pos || !move || !('from' in move)) return { from, to };
  const piece = pos.board.get(move.from);
  const target = pos.board.get(move.to);
  if (piece?.role === 'king' && target?.role === 'rook' && target.color === piece.color) {
    return { from, to: `${move.to > move.from ? 'g' : 'c'}${from[1]}` };
  }
  return { from, to };
}
