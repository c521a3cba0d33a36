// Worker thread body: builds one repertoire per message, so a large study never holds up requests.
import { parentPort, workerData } from 'node:worker_threads';
import { Chess } from 'chessops/chess';
import { makeSanAndPlay } from 'chessops/san';
import { buildRepertoireFromPgn, type RepertoireOptions } from '../../chess/index.js';

export interface BuildRequest {
  id: number;
  text: string;
  options: RepertoireOptions;
}

/**
 * Reads a generated study of some 20,000 positions once at boot, so the player's first large
 * study meets code the engine has already optimised (a first 20,000-position build is otherwise about a third slower).
 */
function warmUp(): void {
  let seed = 7;
  const games: string[] = [];
  for (let game = 0; game < 400; game++) {
    const pos = Chess.default();
    const sans: string[] = [];
    for (let ply = 0; ply < 60; ply++) {
      const moves = [...pos.allDests()].flatMap(([from, dests]) =>
        [...dests].map((to) => {
          const promotes = pos.board.get(from)?.role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7);
          return promotes ? { from, to, promotion: 'queen' as const } : { from, to };
        }),
      );
      if (moves.length === 0) break;
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      // Narrow at first, so games share openings and transpose, as a study's chapters do.
      const width = ply < 4 ? Math.min(2, moves.length) : moves.length;
      sans.push(makeSanAndPlay(pos, moves[seed % width]));
    }
    games.push(`[Event "Warm-up ${game + 1}"]\n\n${sans.join(' ')} {A note.} *`);
  }
  buildRepertoireFromPgn(games.join('\n\n'), { color: 'white', excludeSymbols: ['?'] });
}

parentPort?.on('message', ({ id, text, options }: BuildRequest) => {
  try {
    const built = buildRepertoireFromPgn(text, options);
    if (built.isOk) parentPort!.postMessage({ id, value: built.value });
    else parentPort!.postMessage({ id, pgnError: built.error.message });
  } catch (error) {
    parentPort!.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
  }
});

// Only for workers started ahead of need (a study sent meanwhile waits in the message queue).
if ((workerData as { warmUp?: boolean } | null)?.warmUp) {
  try {
    warmUp();
  } catch {
    // Only a head start: a failure here changes nothing for real builds.
  }
}
