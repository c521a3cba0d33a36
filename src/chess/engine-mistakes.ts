import { normalizeMove } from 'chessops/chess';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import type { PlayedMove } from './pgn.js';
import { positionFromFen } from './position-from-fen.js';
import { judgeMove, winPercentLoss } from './judgement.js';
import type { Evaluation, MistakeKind, Side } from './win-chance.js';

/**
 * The inaccuracies, mistakes and blunders in a game from the engine's evaluation of every position,
 * judged as Lichess does (judgement.ts): a move whose evaluations before and after are both known.
 * The better move is the engine's best move in the position before.
 *
 *   findEngineMistakes(startFen, moves, evals, 'black') // [{ ply: 6, kind: 'blunder', better: 'g6', ... }]
 */

/** The engine's finding at one position: `ply` half-moves from the game's start (0 = the start). */
export type PlyEvaluation = Evaluation & { ply: number; bestUci?: string | null };

export interface EngineMistake {
  /** The move's half-move number, 1 = the game's first move. */
  ply: number;
  /** Who played the move. */
  side: Side;
  kind: MistakeKind;
  /** Points of win percentage lost (0..100, cp capped at ±1000). */
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

/** Every judged move of the game, both sides, in game order. */
export function judgeGame(
  startFen: string,
  moves: readonly Pick<PlayedMove, 'ply' | 'san' | 'fen'>[],
  evaluations: readonly PlyEvaluation[],
): EngineMistake[] {
  const byPly = new Map(evaluations.map((e) => [e.ply, e]));
  const found: EngineMistake[] = [];
  for (const move of moves) {
    const fenBefore = move.ply === 1 ? startFen : moves[move.ply - 2].fen;
    const mover = sideToMove(fenBefore);
    const before = byPly.get(move.ply - 1);
    const after = byPly.get(move.ply);
    if (!before || !after) continue;
    const kind = judgeMove(before, after, mover);
    if (!kind) continue;
    const drop = winPercentLoss(before, after, mover);
    const better = before.bestUci ? sanOf(fenBefore, before.bestUci) : undefined;
    found.push({ ply: move.ply, side: mover, kind, drop, fenBefore, san: move.san, ...(better ? { better } : {}) });
  }
  return found;
}

/** The player's own judged moves. */
export function findEngineMistakes(
  startFen: string,
  moves: readonly Pick<PlayedMove, 'ply' | 'san' | 'fen'>[],
  evaluations: readonly PlyEvaluation[],
  player: Side,
): EngineMistake[] {
  return judgeGame(startFen, moves, evaluations).filter((m) => m.side === player);
}

/** Inaccuracies, mistakes and blunders of each side, as Lichess's analysis panel counts them. */
export function countJudgements(judged: readonly EngineMistake[]): Record<Side, Record<MistakeKind, number>> {
  const zero = (): Record<MistakeKind, number> => ({ inaccuracy: 0, mistake: 0, blunder: 0 });
  const counts = { white: zero(), black: zero() };
  for (const m of judged) counts[m.side][m.kind] += 1;
  return counts;
}

/** SAN of a UCI move (castling as the king's two-square move or king-to-rook) at `fen`; undefined when illegal. */
export function sanOf(fen: string, uci: string): string | undefined {
  const pos = positionFromFen(fen);
  const move = parseUci(uci);
  if (!pos || !move) return undefined;
  const normal = normalizeMove(pos, move);
  return pos.isLegal(normal) ? makeSan(pos, normal) : undefined;
}
