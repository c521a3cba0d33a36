import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from '../plugins/error-handler.js';
import { COLORS } from '../../chess/index.js';
import { listCachedStats, type StatsRecord } from '../openings/explorer-cache.js';
import { listPlayerStats, overlayPlayerStats, storePlayerStats } from '../openings/player-stats.js';
import { CoverageJobs, type CoverageEvent } from '../openings/coverage-jobs.js';
import { latestRun } from '../openings/coverage-runs.js';
import { playerSites } from '../sites/player-sites.js';
import { busyMessage } from '../sites/site-busy.js';
import { fieldList, fieldText, type FormBody } from '../openings/multipart-fields.js';
import { repertoireFromForm, SORRY_PREFIX } from '../openings/opening-input.js';
import { parseStatsFilter, type StatsFilter } from '../openings/stats-key.js';
import { parseStatsUpload } from '../openings/stats-upload.js';

/**
 * Position statistics (spec 7): get_stats reads the shared explorer cache with the caller's own
 * uploads in place of the same positions; update_stats stores only into the caller's own rows (see
 * openings/player-stats.ts). The coverage check is streamed as server-sent events (DESIGN 4):
 * progress {done,total} and holes {holes,settled,bound,done} as it goes, then one result; the
 * player's latest check of a colour (coverage/latest) and stopping it (coverage/stop).
 */

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
      moves: z.union([z.string(), z.array(z.unknown())]),
    }),
  )
  .max(5000);

function filterOrThrow(speeds: string[] | string | undefined, ratings: string[] | string | undefined): StatsFilter {
  const parsed = parseStatsFilter(speeds, ratings);
  if (!parsed.ok) throw new BadRequestError(parsed.error);
  return parsed.filter;
}

const HEARTBEAT_MS = 15_000;
const BUSY_POLL_MS = 100;

/** 'Lichess is busy, retrying in N s' for a pause ending at `until` (epoch ms). */
const colorQuery = z.object({ color: z.enum(COLORS) });

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  app.get('/get_stats', auth, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const filter = filterOrThrow(query.speeds, query.ratings);
    const [shared, own] = await Promise.all([
      listCachedStats(app.db, filter, 20_000),
      listPlayerStats(app.db, request.user!.id, filter, 20_000),
    ]);
    return overlayPlayerStats(shared, own);
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
    const records: StatsRecord[] = input.map(parseStatsUpload);
    await storePlayerStats(app.db, request.user!.id, records);
    return { api_result: 'general_sql_success', stored: records.length };
  });

  const jobs = new CoverageJobs(app.db, app.log);
  // Closing the app ends running checks cleanly, each saving where it stopped. preClose runs before
  // the server waits for open requests, and a check's stream is one of them.
  app.addHook('preClose', () => jobs.closeAll());

  app.post('/coverage_check', auth, async (request, reply) => {
    const body = request.body as FormBody;
    // Bad input is answered as JSON before the stream starts.
    const rep = await repertoireFromForm(body);
    const filter = filterOrThrow(fieldList(body, 'speeds'), fieldList(body, 'ratings'));
    const userId = request.user!.id;
    const { explorer } = await playerSites(app, userId);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = ({ event, data }: CoverageEvent) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // A 429 pauses the explorer for a minute: comments keep proxies from closing the quiet stream.
    const heartbeat = setInterval(() => !raw.writableEnded && raw.write(': waiting\n\n'), HEARTBEAT_MS);
    // While the explorer rests the player is told so, instead of a bar that silently stops moving.
    let toldUntil = 0;
    const busy = setInterval(() => {
      const until = explorer.busyUntil();
      if (until === 0 || until === toldUntil) return;
      toldUntil = until;
      send({
        event: 'status',
        data: { message: busyMessage('Lichess', until), retry_at: new Date(until).toISOString() },
      });
    }, BUSY_POLL_MS);
    try {
      // The check belongs to the player: a client that goes away only stops listening.
      const job = await jobs.start(userId, rep, filter, explorer, send);
      await job.finished;
    } catch (error) {
      request.log.error({ err: error }, 'coverage check failed');
      const message = error instanceof Error ? error.message : String(error);
      send({ event: 'result', data: { results: `${SORRY_PREFIX}${message}`, report: [], holes: [] } });
    } finally {
      clearInterval(heartbeat);
      clearInterval(busy);
      raw.end();
    }
  });

  app.get('/coverage/latest', auth, async (request) => {
    const { color } = colorQuery.parse(request.query);
    return { api_data: await latestRun(app.db, request.user!.id, color) };
  });

  app.post('/coverage/stop', auth, async (request) => {
    const { color } = colorQuery.parse(request.body);
    await jobs.stop(request.user!.id, color);
    return { api_data: await latestRun(app.db, request.user!.id, color) };
  });
}
