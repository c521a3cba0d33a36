import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statsQuery, statsUpload, updateStatsForm } from '@contract/stats.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { listCachedStats, type StatsRecord } from '../openings/explorer-cache.js';
import { listPlayerStats, overlayPlayerStats, storePlayerStats } from '../openings/player-stats.js';
import { fieldText } from '../openings/multipart-fields.js';
import { requireStatsFilter } from '../openings/stats-key.js';
import { parseStatsUpload } from '../openings/stats-upload.js';

/**
 * Position statistics: get_stats reads the shared explorer cache with the caller's own uploads in
 * place of the same positions; update_stats stores only into the caller's own rows (see
 * openings/player-stats.ts). The coverage check is in coverage.ts.
 */

export async function statsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  app.get('/get_stats', { ...auth, schema: { querystring: statsQuery } }, async (request) => {
    const { query } = request;
    const filter = requireStatsFilter(query.speeds, query.ratings);
    const [shared, own] = await Promise.all([
      listCachedStats(app.db, filter, 20_000),
      listPlayerStats(app.db, request.user!.id, filter, 20_000),
    ]);
    return overlayPlayerStats(shared, own);
  });

  app.post('/update_stats', { ...auth, schema: { body: updateStatsForm } }, async (request) => {
    const raw = fieldText(request.body, 'stats');
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new BadRequestError('stats must be a JSON array of stat records');
    }
    const input = statsUpload.parse(json);
    const records: StatsRecord[] = input.map(parseStatsUpload);
    await storePlayerStats(app.db, request.user!.id, records);
    return { api_result: 'general_sql_success', stored: records.length };
  });
}
