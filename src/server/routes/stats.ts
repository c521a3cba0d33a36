import type { FastifyInstance } from 'fastify';
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

  route(app, statsApi.get, auth, async (request) => {
    const { query } = request;
    const filter = requireStatsFilter(query.speeds, query.ratings);
    const [shared, own] = await Promise.all([
      listCachedStats(app.db, filter, 20_000),
      listPlayerStats(app.db, request.user!.id, filter, 20_000),
    ]);
    return overlayPlayerStats(shared, own);
  });

  route(app, statsApi.update, auth, async (request) => {
    // The contract read the field's JSON; each record's position and filters are checked here.
    const records: StatsRecord[] = request.body.stats.map(parseStatsUpload);
    await storePlayerStats(app.db, request.user!.id, records);
    return { api_result: 'general_sql_success' as const, stored: records.length };
  });
}
