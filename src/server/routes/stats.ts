import type { FastifyInstance } from 'fastify';
import type { AnswerOf } from '@contract/endpoint.js';
import { statsApi } from '@contract/stats.js';
import { listCachedStats, type StatsRecord } from '../openings/position-stats-repository.js';
import { overlayPlayerStats } from '../openings/player-stats.js';
import { listPlayerStats, storePlayerStats } from '../openings/player-stats-repository.js';
import { requireStatsFilter } from '../openings/stats-key.js';
import { parseStatsUpload } from '../openings/stats-upload.js';
import { route } from './route.js';

/**
 * Position statistics: get_stats reads the shared explorer cache with the caller's own uploads in
 * place of the same positions; update_stats stores only into the caller's own rows (see
 * openings/player-stats.ts). The coverage check is in coverage.ts.
 */

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  // Up to 40,000 records go out as ready JSON text, which passes no serialiser: checking each against
  // the schema as it is sent would hold the event loop some ten times as long as writing the text.
  route(app, statsApi.get, auth, async (request, reply) => {
    const { query } = request;
    const filter = requireStatsFilter(query.speeds, query.ratings);
    const [shared, own] = await Promise.all([
      listCachedStats(app.db, filter, 20_000),
      listPlayerStats(app.db, request.user!.id, filter, 20_000),
    ]);
    const records: AnswerOf<typeof statsApi.get> = overlayPlayerStats(shared, own);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(records));
  });

  route(app, statsApi.update, auth, async (request) => {
    // The contract read the field's JSON; each record's position and filters are checked here.
    const records: StatsRecord[] = request.body.stats.map(parseStatsUpload);
    await storePlayerStats(app.db, request.user!.id, records);
    return { api_result: 'general_sql_success' as const, stored: records.length };
  });
}
