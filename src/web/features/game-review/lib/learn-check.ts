// Learn from your mistakes: is the player's move good enough? The tab's engine weighs the best move and
// the played one in the same position at the same depth; the move is right when it keeps the mover's
// win percentage within 5 points of the best move's.
import { makeFen } from 'chessops/fen';
import { normalizeMove } from 'chessops/chess';
import { parseUci } from 'chessops/util';
import { positionFromFen } from '../../../../chess/position-from-fen';
import { winChanceOf, type Evaluation, type Side } from '../../../../chess/win-chance';
import { getEngine } from '../../../lib/engine/uci-engine';

/** Points of win percentage a move may give away against the best and still be right. */
export const LEARN_TOLERANCE = 5;
export const LEARN_DEPTH = 12;

export type LearnVerdict = {
  right: boolean;
  /** Points of win percentage the move gives away against the best (0 or more). */
  loss: number;
  /** The engine's best move and line from the position (engine UCI). */
  bestUci: string | null;
  bestLine: string[];
};

/** The verdict from the two evaluations (White's side) of a position where `mover` is to play. */
export function judgeTry(best: Evaluation, played: Evaluation, mover: Side): { right: boolean; loss: number } {
  const loss = Math.max(0, winChanceOf(best, mover, mover) - winChanceOf(played, mover, mover));
  return { right: loss <= LEARN_TOLERANCE, loss };
}

/** Weighs `uci` at `fen` against the engine's best move there. */
export async function checkTry(fen: string, uci: string, mover: Side): Promise<LearnVerdict> {
  const engine = getEngine();
  const best = await engine.analyse({ fen, depth: LEARN_DEPTH }).result;
  const bestLine = best.lines[0];
  if (!bestLine) throw new Error('The engine found no move here');
  const same = best.bestMove === uci;
  const played = same ? best : await engine.analyse({ fen, depth: LEARN_DEPTH, searchMoves: [uci] }).result;
  const playedLine = played.lines[0];
  if (!playedLine) throw new Error('The engine could not weigh that move');
  const verdict = same ? { right: true, loss: 0 } : judgeTry(bestLine.evaluation, playedLine.evaluation, mover);
  return { ...verdict, bestUci: best.bestMove, bestLine: bestLine.pv };
}

/** The full FEN after an engine move; undefined when it cannot be played. */
export function fenAfterUci(fen: string, uci: string): { fen: string; from: string; to: string } | undefined {
  const pos = positionFromFen(fen);
  const parsed = parseUci(uci);
  if (!pos || !parsed) return undefined;
  const move = normalizeMove(pos, parsed);
  if (!pos.isLegal(move)) return undefined;
  pos.play(move);
  return { fen: makeFen(pos.toSetup()), from: uci.slice(0, 2), to: uci.slice(2, 4) };
}

/** The engine's reply when playing the position on, at a modest depth. */
export async function engineReply(fen: string, depth = 10): Promise<string | null> {
  return (await getEngine().analyse({ fen, depth }).result).bestMove;
}
