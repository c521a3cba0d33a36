// A game played on from a position: moves by UCI or SAN, and the end by the rules (mate, stalemate,
// insufficient material, threefold repetition, the fifty-move rule) or by resignation.
//
//   const e4 = moveByUci(START_FEN, 'e2e4'); // { san: 'e4', uci: 'e2e4', from: 'e2', to: 'e4', fen }
//   gameEnd([...fens, e4.fen]) // undefined: the game goes on
import type { Color } from '@contract/common';
import { normalizeMove } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeSquare, makeUci, parseUci } from 'chessops/util';
import type { Move } from 'chessops/types';
import { positionKey } from '../../../../chess/fen';
import { positionFromFen } from '../../../../chess/position-from-fen';

export type GameMove = {
  san: string;
  /** Castling as the king's two-square move (e1g1), as engines and the explorer write it. */
  uci: string;
  from: string;
  to: string;
  /** Full FEN after the move. */
  fen: string;
};

export const END_REASONS = [
  'checkmate',
  'stalemate',
  'insufficient material',
  'threefold repetition',
  'fifty-move rule',
  'resignation',
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** How a game ended; no winner is a draw. */
export type GameEnd = { reason: EndReason; winner: Color | undefined };

export const turnOf = (fen: string): Color => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

function played(fen: string, move: Move | undefined): GameMove | undefined {
  const pos = positionFromFen(fen);
  if (!pos || !move || !('from' in move)) return undefined;
  const legal = normalizeMove(pos, move);
  if (!('from' in legal) || !pos.isLegal(legal)) return undefined;
  // chessops writes castling as king-takes-rook; the king's two-square move is what players see.
  const castles = pos.board.get(legal.from)?.role === 'king' && pos.board.get(legal.to)?.color === pos.turn;
  const to = castles ? (legal.to > legal.from ? legal.from + 2 : legal.from - 2) : legal.to;
  const san = makeSan(pos, legal);
  pos.play(legal);
  const uci = makeUci({ ...legal, to });
  return { san, uci, from: makeSquare(legal.from), to: makeSquare(to), fen: makeFen(pos.toSetup()) };
}

/** The move `uci` at `fen` (castling as e1g1 or e1h1); undefined when it is not legal there. */
export function moveByUci(fen: string, uci: string): GameMove | undefined {
  return played(fen, parseUci(uci));
}

/** The move `san` at `fen`; undefined when it is not legal there. */
export function moveBySan(fen: string, san: string): GameMove | undefined {
  const pos = positionFromFen(fen);
  return played(fen, pos && parseSan(pos, san));
}

/** Each move of `sans` from `startFen`; undefined when one cannot be played. */
export function movesOfSans(startFen: string, sans: readonly string[]): GameMove[] | undefined {
  const moves: GameMove[] = [];
  let fen = startFen;
  for (const san of sans) {
    const move = moveBySan(fen, san);
    if (!move) return undefined;
    moves.push(move);
    fen = move.fen;
  }
  return moves;
}

/**
 * The end of the game at the last of `fens` (every position from the start, in order), by the rules:
 * undefined while it goes on.
 */
export function gameEnd(fens: readonly string[]): GameEnd | undefined {
  const fen = fens[fens.length - 1];
  const pos = fen === undefined ? undefined : positionFromFen(fen);
  if (!pos) return undefined;
  if (pos.isCheckmate()) return { reason: 'checkmate', winner: pos.turn === 'white' ? 'black' : 'white' };
  if (pos.isStalemate()) return { reason: 'stalemate', winner: undefined };
  if (pos.isInsufficientMaterial()) return { reason: 'insufficient material', winner: undefined };
  const key = positionKey(fen);
  if (fens.filter((f) => positionKey(f) === key).length >= 3)
    return { reason: 'threefold repetition', winner: undefined };
  if (pos.halfmoves >= 100) return { reason: 'fifty-move rule', winner: undefined };
  return undefined;
}

/** The PGN result of an ended game ('*' while it goes on). */
export function resultOf(end: GameEnd | undefined): '1-0' | '0-1' | '1/2-1/2' | '*' {
  if (!end) return '*';
  return end.winner === 'white' ? '1-0' : end.winner === 'black' ? '0-1' : '1/2-1/2';
}

/** The end in plain words for the player of `hero`. */
export function endText(end: GameEnd, hero: Color): string {
  const won = end.winner === hero;
  switch (end.reason) {
    case 'checkmate':
      return won ? 'Checkmate: you win.' : 'Checkmate: you lose.';
    case 'resignation':
      return won ? 'The opponent resigned: you win.' : 'You resigned.';
    case 'stalemate':
      return 'Stalemate: a draw.';
    case 'insufficient material':
      return 'Neither side can mate: a draw.';
    case 'threefold repetition':
      return 'The same position a third time: a draw by repetition.';
    case 'fifty-move rule':
      return 'Fifty moves without a capture or a pawn move: a draw.';
  }
}
