import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from '../plugins/error-handler.js';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { validateFen } from '../../chess/fen.js';
import { listCachedStats, type StatsRecord } from '../openings/explorer-cache.js';
import { listPlayerStats, overlayPlayerStats, storePlayerStats } from '../openings/player-stats.js';
import { fieldText, type FormBody } from '../openings/multipart-fields.js';
import { explorerFen, requireStatsFilter, statsFen } from '../openings/stats-key.js';

/**
 * Position statistics: get_stats reads the shared explorer cache with the caller's own uploads in
 * place of the same positions; update_stats stores only into the caller's own rows (see
 * openings/player-stats.ts). The coverage check is in coverage.ts.
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

/** A position the explorer could answer for: a valid FEN (counters optional) of a legal position. */
function checkStatsFen(fen: string): void {
  const full = explorerFen(fen.trim());
  const valid = validateFen(full);
  if (valid.isErr) throw new BadRequestError(`fen ${fen}: ${valid.error.message}`);
  const legal = parseFen(full).chain((setup) => Chess.fromSetup(setup));
  if (legal.isErr) throw new BadRequestError(`fen ${fen}: not a legal position (${legal.error.message})`);
}

export async function statsRoutes(app: FastifyInstance): Promise<void> {
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  app.get('/get_stats', auth, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const filter = requireStatsFilter(query.speeds, query.ratings);
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
    const records: StatsRecord[] = input.map((item) => {
      checkStatsFen(item.fen);
      const filter = requireStatsFilter(item.speeds, item.ratings === undefined ? undefined : String(item.ratings));
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
    await storePlayerStats(app.db, request.user!.id, records);
    return { api_result: 'general_sql_success', stored: records.length };
  });
}
