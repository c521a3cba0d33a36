import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from '../plugins/error-handler.js';
import { listCachedStats, storeStats, type StatsRecord } from '../openings/explorer-cache.js';
import { runCoverageCheck } from '../openings/coverage-runner.js';
import { fieldList, fieldText, type FormBody } from '../openings/multipart-fields.js';
import { repertoireFromForm, SORRY_PREFIX } from '../openings/opening-input.js';
import { parseStatsFilter, statsFen, type StatsFilter } from '../openings/stats-key.js';

/**
 * Position statistics: get_stats and update_stats on the shared explorer cache (spec 7), and the
 * coverage check streamed as server-sent events (DESIGN 4): progress {done,total}, then one result.
 */

const statsMoveSchema = z.object({
  uci: z.string().max(10),
  san: z.string().max(10),
  white: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
  black: z.number().int().nonnegative(),
  averageRating: z.number().optional(),
});

const statsUploadSchema = z
  .array(
    z.object({
      fen: z.string().min(1).max(100),
      speeds: z.string().optional(),
      ratings: z.union([z.string(), z.number()]).optional(),
      white: z.number().int().nonnegative(),
      draws: z.number().int().nonnegative(),
      black: z.number().int().nonnegative(),
      // Sent as a JSON string (spec 7); a plain array is accepted too.
      moves: z.union([z.string(), z.array(statsMoveSchema)]),
    }),
  )
  .max(5000);

function filterOrThrow(speeds: string[] | string | undefined, ratings: string[] | string | undefined): StatsFilter {
  const parsed = parseStatsFilter(speeds, ratings);
  if (!parsed.ok) throw new BadRequestError(parsed.error);
  return parsed.filter;
}

const HEARTBEAT_MS = 15_000;

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.requireUser };

  app.get('/get_stats', auth, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const filter = filterOrThrow(query.speeds, query.ratings);
    return listCachedStats(app.db, filter, 20_000);
  });

  app.post('/update_stats', auth, async (request) => {
    const raw = fieldText(request.body as FormBody, 'stats');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new BadRequestError('stats must be a JSON array of stat records');
    }
    const input = statsUploadSchema.parse(json);
    const records: StatsRecord[] = input.map((item) => {
      const filter = filterOrThrow(item.speeds, item.ratings === undefined ? undefined : String(item.ratings));
      let moves: unknown = item.moves;
      if (typeof moves === 'string') {
        try {
          moves = JSON.parse(moves);
        } catch {
          throw new BadRequestError(`moves of ${item.fen} is not JSON`);
        }
      }
      return { ...item, ...filter, fen: statsFen(item.fen), moves: z.array(statsMoveSchema).parse(moves) };
    });
    await storeStats(app.db, records);
    return { api_result: 'general_sql_success', stored: records.length };
  });

  app.post('/coverage_check', auth, async (request, reply) => {
    const body = request.body as FormBody;
    // Bad input is answered as JSON before the stream starts.
    const rep = await repertoireFromForm(body);
    const filter = filterOrThrow(fieldList(body, 'speeds'), fieldList(body, 'ratings'));

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = (event: string, data: unknown) => {
      if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // A 429 pauses the explorer for a minute: comments keep proxies from closing the quiet stream.
    const heartbeat = setInterval(() => !raw.writableEnded && raw.write(': waiting\n\n'), HEARTBEAT_MS);
    const abort = new AbortController();
    raw.on('close', () => abort.abort());
    try {
      const outcome = await runCoverageCheck(app.db, app.sites.explorer, rep, filter, (p) => send('progress', p), abort.signal);
      send('result', { results: outcome.results, report: outcome.report, holes: outcome.holes });
    } catch (error) {
      request.log.error({ err: error }, 'coverage check failed');
      const message = error instanceof Error ? error.message : String(error);
      send('result', { results: `${SORRY_PREFIX}${message}`, report: [], holes: [] });
    } finally {
      clearInterval(heartbeat);
      raw.end();
    }
  });
}
