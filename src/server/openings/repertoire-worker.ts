// Worker thread body: builds one repertoire per message, so a large study never holds up requests.
import { parentPort, workerData } from 'node:worker_threads';
import { buildRepertoireFromPgn, type Repertoire, type RepertoireOptions } from '../../chess/index.js';
import { runAsBackgroundThread } from '../worker-priority.js';
import { playRandomGame } from './random-game.js';
import {
  ONE_MESSAGE_POSITIONS,
  RepertoireSender,
  type RepertoireHead,
  type RepertoirePart,
} from './repertoire-transfer.js';

export interface BuildRequest {
  id: number;
  text: string;
  options: RepertoireOptions;
}

/** The server's thread asks for the next part of a large repertoire once it has taken in the last one. */
export interface PartRequest {
  id: number;
  next: true;
}

/** A repertoire too large for one message is announced by its head, then sent part by part on request. */
export type WorkerAnswer = { id: number } & (
  | { value: Repertoire }
  | { pgnError: string }
  | { failure: string }
  | { head: RepertoireHead }
  | { part: RepertoirePart; done: boolean }
);

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

runAsBackgroundThread();

const answer = (message: WorkerAnswer) => parentPort!.postMessage(message);

// The large repertoire being sent, if any (one job at a time per worker).
let sending: { id: number; sender: RepertoireSender } | undefined;

parentPort?.on('message', (request: BuildRequest | PartRequest) => {
  const { id } = request;
  try {
    if ('next' in request) {
      if (sending?.id !== id) return answer({ id, failure: 'no repertoire is being sent' });
      const part = sending.sender.next();
      const done = sending.sender.done;
      if (done) sending = undefined;
      return answer({ id, part, done });
    }
    const built = buildRepertoireFromPgn(request.text, request.options);
    if (built.isErr) return answer({ id, pgnError: built.error.message });
    if (built.value.positions.size <= ONE_MESSAGE_POSITIONS) return answer({ id, value: built.value });
    sending = { id, sender: new RepertoireSender(built.value) };
    answer({ id, head: sending.sender.head() });
  } catch (error) {
    sending = undefined;
    answer({ id, failure: error instanceof Error ? error.message : String(error) });
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
