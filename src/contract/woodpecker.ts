import { z } from 'zod';
import { apiData, color, noBody } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Woodpecker sets: a fixed set of the player's positions (their games' mistakes with a better move, or
 * their cards whose answer is one move on) solved in cycles, each cycle's target time half the last.
 */

const WOODPECKER_SET_SOURCES = ['mistakes', 'cards'] as const;
/** How many positions a set may hold. */
export const WOODPECKER_MAX_SIZE = 500;

const id = z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647, 'id is too large');

const createWoodpeckerSetRequest = z.object({
  source: z.enum(WOODPECKER_SET_SOURCES, { error: 'source must be mistakes or cards' }),
  size: z
    .number({ error: 'size must be a number of positions' })
    .int('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(WOODPECKER_MAX_SIZE, `size must be at most ${WOODPECKER_MAX_SIZE}`),
  name: z.string().trim().max(100, 'name is too long (at most 100 characters)').optional(),
});
export type CreateWoodpeckerSetRequest = z.infer<typeof createWoodpeckerSetRequest>;

const woodpeckerSetParams = z.object({ id });

const woodpeckerAttemptRequest = z.object({
  position_id: z.number({ error: 'position_id must be a number' }).int().positive().max(2_147_483_647),
  uci: z.string({ error: 'uci must be a move like e2e4' }).trim().min(4).max(5),
  /** Thinking time in milliseconds (capped at an hour). */
  ms: z.number({ error: 'ms must be a number' }).int().min(0).max(3_600_000, 'ms must be at most an hour'),
});
export type WoodpeckerAttemptRequest = z.infer<typeof woodpeckerAttemptRequest>;

const woodpeckerCycle = z.object({
  cycle: z.number().int(),
  /** Null for the first cycle, which sets the pace. */
  target_ms: z.number().int().nullable(),
  attempted: z.number().int(),
  correct: z.number().int(),
  time_ms: z.number().int(),
  complete: z.boolean(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WoodpeckerCycle = z.infer<typeof woodpeckerCycle>;

const woodpeckerSetSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(WOODPECKER_SET_SOURCES),
  size: z.number().int(),
  created_at: z.string(),
  current: woodpeckerCycle,
  /** The last complete cycle before the current one, to compare with. */
  last: woodpeckerCycle.nullable(),
});
export type WoodpeckerSetSummary = z.infer<typeof woodpeckerSetSummary>;

const woodpeckerPosition = z.object({
  id: z.number().int(),
  fen: z.string(),
  title: z.string(),
  orientation: color,
  /** Answered in the current cycle (the answer is shown then, not before). */
  solved: z.boolean(),
  answer_san: z.string().nullable(),
});
export type WoodpeckerPosition = z.infer<typeof woodpeckerPosition>;

const woodpeckerSet = woodpeckerSetSummary.extend({
  cycles: z.array(woodpeckerCycle),
  positions: z.array(woodpeckerPosition),
  /** The next position of the current cycle to solve (set order); null when the cycle is done. */
  next_position_id: z.number().int().nullable(),
});
export type WoodpeckerSet = z.infer<typeof woodpeckerSet>;

const woodpeckerAttemptAnswer = z.object({
  correct: z.boolean(),
  played_san: z.string(),
  answer_san: z.string(),
  answer_uci: z.string(),
  set: woodpeckerSet,
});
export type WoodpeckerAttemptAnswer = z.infer<typeof woodpeckerAttemptAnswer>;

export const woodpeckerApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/woodpecker/sets',
    body: createWoodpeckerSetRequest,
    answer: apiData(woodpeckerSet),
    errors: [400],
  }),
  list: endpoint({ method: 'GET', path: '/api/woodpecker/sets', answer: apiData(z.array(woodpeckerSetSummary)) }),
  get: endpoint({
    method: 'GET',
    path: '/api/woodpecker/sets/:id',
    params: woodpeckerSetParams,
    answer: apiData(woodpeckerSet),
    errors: [404],
  }),
  /** 409 when the position is answered in this cycle already. */
  attempt: endpoint({
    method: 'POST',
    path: '/api/woodpecker/sets/:id/attempts',
    params: woodpeckerSetParams,
    body: woodpeckerAttemptRequest,
    answer: apiData(woodpeckerAttemptAnswer),
    errors: [400, 404, 409],
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/woodpecker/sets/:id/delete',
    params: woodpeckerSetParams,
    body: noBody,
    answer: apiData(z.object({ deleted: z.literal(true), id: z.number().int() })),
    errors: [404],
  }),
};
