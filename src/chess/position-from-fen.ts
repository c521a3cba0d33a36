import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';

/** The legal standard position of a full FEN; undefined for a bad FEN or an impossible position. */
export function positionFromFen(fen: string): Chess | undefined {
  const setup = parseFen(fen.trim());
  if (setup.isErr) return undefined;
  const pos = Chess.fromSetup(setup.value);
  return pos.isOk ? pos.value : undefined;
}
