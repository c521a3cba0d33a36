import { z } from 'zod';
import { formBody, formField } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Position statistics: the explorer answers cached on the server, with the caller's own uploads in
 * place of the same positions.
 *
 *   GET  /api/get_stats?speeds=&ratings=  -> [StatsRecord] (comma lists; empty means the defaults)
 *   POST /api/update_stats  form stats=<JSON array of StatsRecord> -> {api_result, stored}
 */

const commaList = z.union([z.string(), z.array(z.string())]).optional();
const statsQuery = z.object({ speeds: commaList, ratings: commaList });

const statsMove = z.object({
  uci: z.string().max(10),
  san: z.string().max(10),
  white: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
  black: z.number().int().nonnegative(),
  averageRating: z.number().optional(),
});

/** The `stats` field's records; `moves` may be sent as a JSON string too. */
const statsUpload = z
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

/** One position's statistics as get_stats answers them. */
const statsRecord = z.object({
  /** FEN without its move counters. */
  fen: z.string(),
  speeds: z.string(),
  ratings: z.string(),
  white: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
  black: z.number().int().nonnegative(),
  moves: z.array(statsMove),
});
export type StatsRecord = z.infer<typeof statsRecord>;

/** The first value of a form field as text ('' when absent). */
const fieldText = (value: z.infer<typeof formField> | undefined): string => {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return '';
  return typeof first === 'string' ? first : new TextDecoder().decode(first);
};

/** The `stats` field: the records as JSON text (or an uploaded JSON file). */
const statsField = formField
  .optional()
  .transform((value, ctx) => {
    try {
      return JSON.parse(fieldText(value)) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'stats must be a JSON array of stat records' });
      return z.NEVER;
    }
  })
  .pipe(statsUpload);

/** POST /api/update_stats: a form whose `stats` field holds the records (urlencoded or multipart). */
const updateStatsForm = formBody({ stats: statsField });

/** POST /api/update_stats's answer: how many records were stored. */
const updateStatsAnswer = z.object({ api_result: z.literal('general_sql_success'), stored: z.number().int() });

export const statsApi = {
  /**
   * The records themselves, not wrapped in api_data. Sent as ready JSON text, which passes no serialiser
   * (thousands of records): the schema states the answer, a test holds what is sent to it (prepared-answers.test.ts).
   */
  get: endpoint({
    method: 'GET',
    path: '/api/get_stats',
    query: statsQuery,
    answer: z.array(statsRecord),
    errors: [400],
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/update_stats',
    body: updateStatsForm,
    bodyKind: 'form',
    answer: updateStatsAnswer,
    errors: [400],
  }),
};
