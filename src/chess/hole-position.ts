// Where a coverage hole leads: the position after the opponent's unanswered move, keyed as the
// repertoire keys positions, so the server can tell whether the repertoire answers it now.
// Example: holePositionKey({ fen: START_FEN, uci: 'e2e4' }) === 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -'
import { Chess, normalizeMove } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import type { Hole } from './coverage-walk';
import { keyOf } from './fen';

/** Undefined when the hole's position or move cannot be played. */
export function holePositionKey(hole: Pick<Hole, 'fen' | 'uci'>): string | undefined {
  const setup = parseFen(hole.fen);
  if (setup.isErr) return undefined;
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return undefined;
  const move = parseUci(hole.uci);
  if (!move) return undefined;
  const legal = normalizeMove(pos.value, move);
  if (!pos.value.isLegal(legal)) return undefined;
  pos.value.play(legal);
  return keyOf(pos.value);
}
