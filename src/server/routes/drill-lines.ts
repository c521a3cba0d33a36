import type { FastifyInstance } from 'fastify';
import { drillLinesApi } from '@contract/drill-lines.js';
import { parseRepertoireLine } from '../../chess/index.js';
import { drillItemsAlong } from '../drill/drill-lines.js';
import { drillRepertoire } from '../drill/drill-annotations.js';
import { toItemPayload } from '../drill/drill-item-payload.js';
import { drillTraps } from '../repertoire/coverage-figures.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { route } from './route.js';

/** POST /api/drill/lines {color, lines}: the drill items along repertoire lines, due or not. */
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
    if (!rows) throw new BadRequestError(`You have no ${color} study: set one on Manage Openings first`);
    const rep = rows.length > 0 ? await drillRepertoire(app, request.user!.id, color) : undefined;
    const traps = rows.length > 0 ? await drillTraps(app, request.user!.id, color) : undefined;
    return { api_data: rows.map((row) => toItemPayload(app, row, rep, traps)) };
  });
}
