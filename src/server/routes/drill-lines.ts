import type { FastifyInstance } from 'fastify';
import { drillLinesApi } from '@contract/drill-lines.js';
import { parseRepertoireLine, validateFen, type Color } from '../../chess/index.js';
import { drillItemsAlong, drillRepliesAt } from '../drill/drill-lines.js';
import { drillRepertoire } from '../drill/drill-annotations.js';
import { toItemPayload } from '../drill/drill-item-payload.js';
import { drillTraps } from '../repertoire/coverage-figures.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { route } from './route.js';

const noStudy = (color: Color) => `You have no ${color} study: set one on Manage Openings first`;

/**
 * POST /api/drill/lines {color, lines}: the drill items along repertoire lines, due or not.
 * POST /api/drill/replies {color, fen}: the drill items after each opponent reply at a position.
 */
export async function drillLinesRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.requireUser);
  route(app, drillLinesApi.lines, {}, async (request) => {
    const { color, lines } = request.body;
    // The lines repertoire/edit refuses are refused here too, with its message.
    for (const line of lines) {
      const parsed = parseRepertoireLine(line);
      if (parsed.isErr) throw new BadRequestError(parsed.error.message);
    }
    const rows = await drillItemsAlong(app, request.user!.id, color, lines);
    if (!rows) throw new BadRequestError(noStudy(color));
    const rep = rows.length > 0 ? await drillRepertoire(app, request.user!.id, color) : undefined;
    const traps = rows.length > 0 ? await drillTraps(app, request.user!.id, color) : undefined;
    return { api_data: rows.map((row) => toItemPayload(app, row, rep, traps)) };
  });

  route(app, drillLinesApi.replies, {}, async (request, reply) => {
    const { color, fen } = request.body;
    const valid = validateFen(fen);
    if (valid.isErr) throw new BadRequestError(valid.error.message);
    const userId = request.user!.id;
    const found = await drillRepliesAt(app, userId, color, fen);
    if (found.kind === 'no-study') throw new BadRequestError(noStudy(color));
    if (found.kind === 'not-found') {
      return reply.code(404).send({ error: `Your ${color} repertoire has no replies of the opponent's there` });
    }
    const rep = await drillRepertoire(app, userId, color);
    const traps = await drillTraps(app, userId, color);
    const replies = found.replies.map(({ move, row }) => ({
      uci: move.uci,
      san: move.san,
      item: toItemPayload(app, row, rep, traps),
    }));
    return { api_data: { fen: found.fen, replies } };
  });
}
