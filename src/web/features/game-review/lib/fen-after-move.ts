import { makeFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { positionFromFen } from '../../../../chess/position-from-fen';

/** The full FEN after playing `san` at `fen`; undefined when it cannot be played there. */
export function fenAfterMove(fen: string, san: string): string | undefined {
  const pos = positionFromFen(fen);
  const move = pos && parseSan(pos, san);
  if (!pos || !move) return undefined;
  pos.play(move);
  return makeFen(pos.toSetup());
}
