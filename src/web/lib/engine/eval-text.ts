// How evaluations read on screen: pawns from White's side with a sign, mates as #n.
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import { normalizeMove } from 'chessops/chess';
import { positionFromFen } from '../../../chess/position-from-fen';
import type { WhiteEvaluation } from './uci-lines';

/** '+0.35', '−1.20', '#3' (White mates), '#−2' (Black mates), '0.00'. */
export function evalText(evaluation: WhiteEvaluation): string {
  if (evaluation.mate !== undefined)
    return evaluation.mate === 0 ? '#' : `#${evaluation.mate < 0 ? '−' : ''}${Math.abs(evaluation.mate)}`;
  const pawns = evaluation.cp / 100;
  if (pawns === 0) return '0.00';
  return `${pawns > 0 ? '+' : '−'}${Math.abs(pawns).toFixed(2)}`;
}

/** Evaluation for a bar or graph: pawns capped at ±10, mates at the cap; White's side. */
export function evalPawns(evaluation: WhiteEvaluation, toMove: 'white' | 'black' = 'white'): number {
  if (evaluation.mate !== undefined) {
    if (evaluation.mate === 0) return toMove === 'white' ? -10 : 10;
    return evaluation.mate > 0 ? 10 : -10;
  }
  return Math.max(-10, Math.min(10, evaluation.cp / 100));
}

/** A line of engine moves as numbered SAN from `fen` ('12... g6 13. Qf3 Nf6'); stops at the first move it cannot play. */
export function lineText(fen: string, uciMoves: readonly string[], max = 8): string {
  const pos = positionFromFen(fen);
  if (!pos) return '';
  const parts: string[] = [];
  for (const uci of uciMoves.slice(0, max)) {
    const parsed = parseUci(uci);
    if (!parsed) break;
    const move = normalizeMove(pos, parsed);
    if (!pos.isLegal(move)) break;
    const number = pos.fullmoves;
    if (pos.turn === 'white') parts.push(`${number}.`);
    else if (parts.length === 0) parts.push(`${number}...`);
    parts.push(makeSan(pos, move));
    pos.play(move);
  }
  return parts.join(' ');
}

/** SAN of one engine move at `fen`, or undefined. */
export function moveSan(fen: string, uci: string): string | undefined {
  const text = lineText(fen, [uci], 1);
  return text ? text.split(' ').pop() : undefined;
}
