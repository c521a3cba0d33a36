import { normalizeMove } from 'chessops/chess';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import type { PlayedMove } from './pgn.js';
import { positionFromFen } from './position-from-fen.js';
import { moveKind, winChanceDrop, type Evaluation, type MistakeKind, type Side } from './win-chance.js';

/**
 * The player's inaccuracies, mistakes and blunders in a game from the engine's evaluation of every
 * position: a move of the player's whose evaluations before and after are both known, ranked by the
 * player's drop in win chance. The better move is the engine's best move in the position before.
 *
 *   findEngineMistakes(startFen, moves, evals, 'black') // [{ ply: 6, kind: 'blunder', better: 'g6', ... }]
 */

/** The engine's finding at one position: `ply` half-moves from the game's start (0 = the start). */
export type PlyEvaluation = Evaluation & { ply: number; best_uci?: string | null };

export interface EngineMistake {
  /** The move's half-move number, 1 = the game's first move. */
  ply: number;
  kind: MistakeKind;
  /** Points of win chance lost (0..100). */
  drop: number;
  /** Full FEN before the move. */
  fenBefore: string;
  /** The move played, SAN. */
  san: string;
  /** SAN of the engine's best move before it; undefined when the engine gave none. */
  better?: string;
}

export function sideToMove(fen: string): Side {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

export function findEngineMistakes(
  startFen: string,
  moves: readonly Pick<PlayedMove, 'ply' | 'san' | 'fen'>[],
  evaluations: readonly PlyEvaluation[],
  player: Side,
): EngineMistake[] {
  const byPly = new Map(evaluations.map((e) => [e.ply, e]));
  const found: EngineMistake[] = [];
  for (const move of moves) {
    const fenBefore = move.ply === 1 ? startFen : moves[move.ply - 2].fen;
    const mover = sideToMove(fenBefore);
    if (mover !== player) continue;
    const before = byPly.get(move.ply - 1);
    const after = byPly.get(move.ply);
    if (!before || !after) continue;
    const drop = winChanceDrop(before, after, mover);
    const kind = moveKind(drop);
    if (!kind) continue;
    const better = before.best_uci ? sanOf(fenBefore, before.best_uci) : undefined;
    found.push({ ply: move.ply, kind, drop, fenBefore, san: move.san, ...(better ? { better } : {}) });
  }
  return found;
}

/** SAN of a UCI move (castling as the king's two-square move or king-to-rook) at `fen`; undefined when illegal. */
export function sanOf(fen: string, uci: string): string | undefined {
  const pos = positionFromFen(fen);
  const move = parseUci(uci);
  if (!pos || !move) return undefined;
  const normal = normalizeMove(pos, move);
  return pos.isLegal(normal) ? makeSan(pos, normal) : undefined;
}
