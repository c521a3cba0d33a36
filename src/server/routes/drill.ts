// Drill calls: sync a colour's deck with its study, serve the next items (or the next stretch of a
// line), grade answers on the server's clock, count, focus one position, and the daily New setting.
// Every call touches only the caller's items: another player's id behaves as a missing one.
import type { FastifyInstance } from 'fastify';
import { drillApi } from '@contract/drill.js';
import { validateFen, type Color } from '../../chess/index.js';
import { answerDrillItem } from '../drill/drill-answer.js';
import { focusDrillItem } from '../drill/drill-focus.js';
import { drillRepertoire } from '../drill/drill-annotations.js';
import { servedItemJson, toItemPayload } from '../drill/drill-item-payload.js';
import { drillTraps } from '../repertoire/coverage-figures.js';
import { readNewPerDay, writeNewPerDay } from '../drill/drill-items-repository.js';
import { drillLine } from '../drill/drill-line-mode.js';
import { drillStats, nextItems } from '../drill/drill-queue.js';
import { trapsHeadOf } from '../drill/drill-queue-repository.js';
import { syncDrill, syncedDeck } from '../drill/drill-sync.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { localToday, playerTimeZone } from '../today/day-bounds.js';
import { route } from './route.js';

const noStudy = (color: Color) => `You have no ${color} study: set one on Manage Openings first`;

export async function drillRoutes(app: FastifyInstance): Promise<void> {
  // onRequest: the session is checked before any body is read or validated.
  app.addHook('onRequest', app.requireUser);

  route(app, drillApi.sync, {}, async (request) => {
    const { color } = request.body;
    const result = await syncDrill(app, request.user!.id, color);
    if (!result) throw new BadRequestError(noStudy(color));
    return { api_data: result };
  });

  route(app, drillApi.next, {}, async (request, reply) => {
    const { query } = request;
    const { color } = query;
    const now = new Date();
    const { dayStart } = localToday(now, playerTimeZone(query.tz));
    const next = await nextItems(app, request.user!.id, color, query.limit, now, dayStart);
    const { rows } = next;
    if (rows.length === 0) return { api_data: [] };
    const rep = next.rep ?? (await drillRepertoire(app, request.user!.id, color));
    const traps = await drillTraps(app, request.user!.id, color, trapsHeadOf(next.head));
    // Each item as the answer's schema writes it, kept with its row between calls (the same text as
    // the serializer's: an array's JSON is its items' joined by commas).
    const items = rows.map((row) => servedItemJson(app, row, rep, traps));
    return reply.type('application/json; charset=utf-8').send(`{"api_data":[${items.join(',')}]}`);
  });

  route(app, drillApi.line, {}, async (request) => {
    const { query } = request;
    const { color } = query;
    if (query.fen !== undefined) {
      const valid = validateFen(query.fen);
      if (valid.isErr) throw new BadRequestError(valid.error.message);
    }
    const now = new Date();
    const { dayStart } = localToday(now, playerTimeZone(query.tz));
    const line = await drillLine(app, request.user!.id, color, query.fen, now, dayStart);
    if (!line) throw new BadRequestError(noStudy(color));
    return { api_data: line };
  });

  route(app, drillApi.answer, {}, async (request, reply) => {
    const input = request.body;
    const result = await answerDrillItem(app, request.user!.id, input, new Date());
    if (!result) return reply.code(404).send({ error: `No drill item with id ${input.id}` });
    return { api_data: result };
  });

  route(app, drillApi.stats, {}, async (request) => {
    const { color, tz } = request.query;
    const userId = request.user!.id;
    // A deck behind its study or an edit just answered is synced first (a small read when it is not).
    const deck = await syncedDeck(app, userId, color);
    const now = new Date();
    const { dayStart } = localToday(now, playerTimeZone(tz));
    const stats = await drillStats(app.db, userId, color, now, dayStart);
    return { api_data: { ...stats, has_study: deck !== undefined } };
  });

  route(app, drillApi.focus, {}, async (request, reply) => {
    const input = request.body;
    const { color } = input;
    const valid = validateFen(input.fen);
    if (valid.isErr) throw new BadRequestError(valid.error.message);
    const row = await focusDrillItem(app, request.user!.id, color, input.fen);
    if (!row) return reply.code(404).send({ error: `That position is not in your ${color} repertoire` });
    const rep = await drillRepertoire(app, request.user!.id, color);
    return { api_data: toItemPayload(app, row, rep, await drillTraps(app, request.user!.id, color)) };
  });

  route(app, drillApi.settings, {}, async (request) => ({
    api_data: { new_per_day: await readNewPerDay(app.db, request.user!.id) },
  }));

  route(app, drillApi.saveSettings, {}, async (request) => {
    const input = request.body;
    await writeNewPerDay(app.db, request.user!.id, input.new_per_day);
    return { api_data: { new_per_day: input.new_per_day } };
  });
}
