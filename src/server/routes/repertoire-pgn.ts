import type { FastifyInstance } from 'fastify';
import { repertoireApi } from '@contract/repertoire.js';
import { editedPgnChapters } from '../../chess/index.js';
import { nextTurn } from '../drill/drill-writer.js';
import { pushAdditions, PushError, stateWithText } from '../lichess/push-additions.js';
import { route } from './route.js';

/**
 * The edited repertoire as a PGN attachment (the study's chapters with removals applied and the
 * additions chapter), and "Save to Lichess" (the additions chapter written to the player's study).
 */

/** Time spent writing chapters before other requests get a turn. */
const SLICE_MS = 10;

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
    const parts: string[] = [];
    let since = performance.now();
    for (const chapter of editedPgnChapters(state.base, state.edited, text)) {
      parts.push(chapter);
      if (performance.now() - since > SLICE_MS) {
        await nextTurn();
        since = performance.now();
      }
    }
    return reply
      .type('application/x-chess-pgn; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName(state.study.title, color)}"`)
      .send(parts.join('\n'));
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
