import type { FastifyInstance } from 'fastify';
import { repertoireApi } from '@contract/repertoire.js';
import { pushAdditions, PushError, studyState } from '../lichess/push-additions.js';
import { editedPgn } from '../repertoire/edited-pgn.js';
import { acceptsBrotli } from '../plugins/compression.js';
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
    const userId = request.user!.id;
    // Kept per edited repertoire: downloading again (or after an undo back to it) writes nothing. The
    // held state carries the study text its base was built from, so nothing is read for the writing.
    const state = await studyState(app, userId, color);
    let kept = app.repertoireMemory.pgnTexts.get(state.edited);
    if (kept?.md5 !== state.study.md5) {
      kept = { md5: state.study.md5, pgn: await editedPgn(state) };
      app.repertoireMemory.pgnTexts.set(state.edited, kept);
    }
    const { pgn } = kept;
    reply
      .type('application/x-chess-pgn; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName(state.study.title, color)}"`)
      .header('vary', 'accept-encoding');
    // Kept compressed: a download sends the bytes as they are, whatever the repertoire's size.
    if (acceptsBrotli(request)) return reply.header('content-encoding', 'br').send(pgn.br);
    return reply.send(pgn.text);
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
