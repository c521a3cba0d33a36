import type { FastifyInstance } from 'fastify';
import { editedPgnSteps } from '../../chess/index.js';
import { LoopTurn } from '../loop-turn.js';
import type { EditedPgn } from '../openings/repertoire-cache.js';
import { brotli } from '../plugins/brotli.js';
import { studyOptions, type EditedState } from './edited-repertoire.js';

/**
 * Edited repertoires of at least this many positions are written on a worker thread. Written here in
 * 1 ms steps, the 77,000 positions at the edit bound still made another player's light request wait a
 * step at each of its turns of the event loop (2x its time at rest); below this the writing is a few
 * steps, and the thread's rebuild of the repertoire would cost more than it saves.
 */
export const WORKER_WRITE_POSITIONS = 5_000;

/** The PGN written in short stretches of the event loop. */
async function writeInSteps(state: EditedState, text: string, studyChapters: boolean): Promise<EditedPgn> {
  const parts: string[] = [];
  const turn = new LoopTurn();
  // The request's reads ran in this turn already: the writing starts a stretch of its own.
  await turn.yieldNow();
  for (const step of editedPgnSteps(state.base, state.edited, text, { studyChapters })) {
    if (step !== undefined) parts.push(step);
    await turn.yieldIfDue();
  }
  const bytes = Buffer.from(parts.join('\n'));
  return { text: bytes, br: brotli(bytes) };
}

/**
 * The edited repertoire's PGN as it is sent (`studyChapters` false: the additions chapter(s) alone, as
 * "Save to Lichess" writes them). `text` is the study text the state's base was built from.
 */
export function editedPgn(
  app: FastifyInstance,
  state: EditedState,
  text: string,
  studyChapters = true,
): Promise<EditedPgn> {
  if (state.edited.rep.positions.size < WORKER_WRITE_POSITIONS) return writeInSteps(state, text, studyChapters);
  const { study, base } = state;
  return app.repertoireCache.writeEditedPgn({
    text,
    options: studyOptions(base.color, study.exclude, study.title),
    edits: state.edits.map(({ op, line, comment }) => ({ op, line, comment: comment ?? undefined })),
    studyChapters,
  });
}
