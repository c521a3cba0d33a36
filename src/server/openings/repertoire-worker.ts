// Worker thread body: builds one repertoire per message, so a large study never holds up requests.
import { parentPort, workerData } from 'node:worker_threads';
import { buildRepertoireFromPgn, type RepertoireOptions } from '../../chess/index.js';
import { playRandomGame } from './random-game.js';

export interface BuildRequest {
  id: number;
  text: string;
  options: RepertoireOptions;
}

/**
 * Reads a generated study of some 20,000 positions once at boot, so the player's first large study
 * meets code the engine has already optimised (a first 20,000-position build is otherwise a third slower).
 */
function warmUp(): void {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const games = Array.from(
    { length: 400 },
    (_, game) => `[Event "Warm-up ${game + 1}"]\n\n${playRandomGame(random, 60, 4).join(' ')} {A note.} *`,
  );
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
