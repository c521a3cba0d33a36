import { editedPgnSteps } from '../../chess/index.js';
import { LoopTurn, paced } from '../loop-turn.js';
import { brotliAsync } from '../plugins/compression.js';
import type { EditedState } from './edited-repertoire.js';

/** An edited repertoire's PGN as it is sent: its UTF-8 bytes, and those bytes brotli-compressed. */
export interface EditedPgn {
  text: Buffer;
  br: Buffer;
}

/**
 * The edited repertoire's PGN (`studyChapters` false: the additions chapter(s) alone, as "Save to
 * Lichess" writes them), written from the study text the state's base was built from, paced: in short
 * stretches of the event loop with rests between (a download or a push is waited for once by its
 * player, and at the edit bound written flat out it slowed every other player's requests).
 */
export const editedPgnText = (state: EditedState, studyChapters = true): Promise<string> =>
  paced(() => writeText(state, studyChapters));

async function writeText(state: EditedState, studyChapters: boolean): Promise<string> {
  const parts: string[] = [];
  const turn = new LoopTurn();
  // The request's reads ran in this turn already: the writing starts a stretch of its own.
  await turn.yieldNow();
  // Pauses come inside chapters too: the additions chapter alone may hold 60,000 moves.
  for (const step of editedPgnSteps(state.base, state.edited, state.text, { studyChapters })) {
    if (step !== undefined) parts.push(step);
    await turn.yieldIfDue();
  }
  return parts.join('\n');
}

/**
 * The PGN as a download keeps it: written once, encoded once, and compressed on the thread pool (0.5 MB
 * at the edit bound took 2-3 ms of the server's thread in one go), so each download only sends bytes.
 */
export async function editedPgn(state: EditedState): Promise<EditedPgn> {
  const bytes = Buffer.from(await editedPgnText(state));
  return { text: bytes, br: await brotliAsync(bytes) };
}
