// Pseudo-random legal games, for reading a generated study: the repertoire workers' warm-up and the benches.
import { Chess } from 'chessops/chess';
import { makeSanAndPlay } from 'chessops/san';

/**
 * One game from the start position of `plies` moves (fewer if it ends), each chosen by `random`
 * (0 <= x < 1) among the legal moves; for the first `narrowPlies` only among the first three, so
 * games share their openings as a study's chapters do. `onMove` sees the position after each move.
 */
export function playRandomGame(
  random: () => number,
  plies: number,
  narrowPlies: number,
  onMove?: (pos: Chess) => void,
): string[] {
  const pos = Chess.default();
  const sans: string[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const moves = [...pos.allDests()].flatMap(([from, dests]) =>
      [...dests].map((to) => {
        const promotes = pos.board.get(from)?.role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7);
        return promotes ? { from, to, promotion: 'queen' as const } : { from, to };
      }),
    );
    if (moves.length === 0) break;
    const width = ply < narrowPlies ? Math.min(3, moves.length) : moves.length;
    sans.push(makeSanAndPlay(pos, moves[Math.floor(random() * width)]));
    onMove?.(pos);
  }
  return sans;
}
