import type { FastifyInstance } from 'fastify';
import { repertoireApi } from '@contract/repertoire.js';
import { editedPgnSteps } from '../../chess/index.js';
import { pushAdditions, PushError, stateWithText } from '../lichess/push-additions.js';
import { md5 } from '../repertoire/edited-repertoire.js';
import { LoopTurn } from '../loop-turn.js';
import { route } from './route.js';

/**
 * The edited repertoire as a PGN attachment (the study's chapters with removals applied and the
 * additions chapter), and "Save to Lichess" (the additions chapter written to the player's study).
 */

/** A file name from the study title: letters, digits and dashes. */
const fileName = (title: string, color: string) =>
  `${(
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'repertoire'
  ).slice(0, 60)}-${color}.pgn`;

export async function repertoirePgnRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };

  route(app, repertoireApi.pgn, auth, async (request, reply) => {
    const { color } = request.query;
    const { state, text } = await stateWithText(app, request.user!.id, color);
    // Kept per edited repertoire: downloading again (or after an undo back to it) writes nothing.
    const known = app.repertoireMemory.pgnTexts.get(state.edited);
    const hash = md5(text);
    let pgn = known?.md5 === hash ? known.pgn : undefined;
    if (pgn === undefined) {
      const parts: string[] = [];
      const turn = new LoopTurn();
      // The request's reads ran in this turn already: the writing starts a stretch of its own.
      await turn.yieldNow();
      // Pauses come inside chapters too: the additions chapter alone may hold 60,000 moves.
      for (const step of editedPgnSteps(state.base, state.edited, text)) {
        if (step !== undefined) parts.push(step);
        await turn.yieldIfDue();
      }
      pgn = parts.join('\n');
      app.repertoireMemory.pgnTexts.set(state.edited, { md5: hash, pgn });
    }
    return reply
      .type('application/x-chess-pgn; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName(state.study.title, color)}"`)
      .send(pgn);
  });

  route(app, repertoireApi.push, auth, async (request, reply) => {
    try {
      return { api_data: await pushAdditions(app, request.user!.id, request.body.color) };
    } catch (error) {
      if (error instanceof PushError) return reply.code(error.status).send({ error: error.message });
      throw error;
    }
  });
}
