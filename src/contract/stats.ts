import { z } from 'zod';
import { formBody, formField } from './common.js';

/**
 * Position statistics: the explorer answers cached on the server, with the caller's own uploads in
 * place of the same positions.
 *
 *   GET  /api/get_stats?speeds=&ratings=  -> [StatsRecord] (comma lists; empty means the defaults)
 *   POST /api/update_stats  form stats=<JSON array of StatsRecord> -> {api_result, stored}
 */

const commaList = z.union([z.string(), z.array(z.string())]).optional();
export const statsQuery = z.object({ speeds: commaList, ratings: commaList });

export const updateStatsForm = formBody({ stats: formField.optional() });

export const statsMove = z.object({
  uci: z.string().max(10),
  san: z.string().max(10),
  white: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
  black: z.number().int().nonnegative(),
  averageRating: z.number().optional(),
});

/** The `stats` field's records; `moves` may be sent as a JSON string too. */
export const statsUpload = z
  .array(
    z.object({
      fen: z.string().min(1).max(100),
      speeds: z.string().optional(),
      ratings: z.union([z.string(), z.number()]).optional(),
      white: z.number().int().nonnegative(),
      draws: z.number().int().nonnegative(),
      black: z.number().int().nonnegative(),
      moves: z.union([z.string(), z.array(statsMove)]),
    }),
  )
  .max(5000);

export interface StatsRecord {
  /** FEN without its move counters. */
  fen: string;
  speeds: string;
  ratings: string;
  white: number;
  draws: number;
  black: number;
  moves: z.infer<typeof statsMove>[];
}

export interface UpdateStatsAnswer {
  api_result: 'general_sql_success';
  stored: number;
}
