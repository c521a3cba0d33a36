import { z } from 'zod';
import { apiData, color } from './common.js';
import { answerType, endpoint } from './endpoint.js';
import { movetext } from './repertoire.js';
import { GOAL_MAX, GOAL_MIN } from './coverage-goal.js';

/**
 * The starter repertoire: a tree built from the Lichess explorer at the player's bands and speeds,
 * from the line they commit to. A build belongs to the player, not to the connection: it goes on when
 * the stream's client leaves, and its progress and result (also of a stopped or failed build) are kept.
 *
 *   GET  /api/repertoire/starter/estimate?goal=  -> {api_data: StarterEstimate}
 *   POST /api/repertoire/starter {color, line, ratings?, speeds?, goal?} -> text/event-stream:
 *        `progress` (StarterProgress) as it goes, `status` {message} while the explorer rests, then one
 *        `result` (StarterBuild). Bad input is answered 400 {error} before the stream; a new build of a
 *        colour replaces its running one.
 *   GET  /api/repertoire/starter?color=          -> {api_data: StarterBuild | null}: the latest build
 *   POST /api/repertoire/starter/stop {color}    -> {api_data: StarterBuild | null}: ends it with what it found
 *   POST /api/repertoire/starter/keep {color}    -> {api_data: {added, edits, positions}}: the latest
 *        build's lines added as edits (one undo takes them all back); 400 when the colour has no study.
 *        To keep it as a source instead, post its `pgn` to /api/repertoire/sources.
 *   GET  /api/repertoire/position?color=&fen=&starter=<id> reads a build's tree before it is kept (repertoire.ts).
 */

const list = (what: string) =>
  z
    .union([z.array(z.union([z.string(), z.number()])), z.string()], { error: `${what} must be a list` })
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v.map(String) : v));

const starterRequest = z.object({
  color,
  line: movetext,
  /** Rating bands (1600, 1800 ...), as a list or a comma list; the coverage check's defaults when empty. */
  ratings: list('ratings'),
  speeds: list('speeds'),
  /** 0..1; by default the goal of the lowest chosen band. */
  goal: z
    .number({ error: 'goal must be a number from 0.0001 to 0.5' })
    .min(GOAL_MIN, 'goal must be at least 0.0001 (1 in 10,000 games)')
    .max(GOAL_MAX, 'goal must be at most 0.5 (1 in 2 games)')
    .nullish(),
});
export type StarterRequest = z.input<typeof starterRequest>;

const starterColorQuery = z.object({ color });
const starterStopRequest = z.object({ color });
const starterKeepRequest = z.object({ color });

const starterEstimateQuery = z.object({
  goal: z.coerce
    .number({ error: 'goal must be a number from 0.0001 to 0.5' })
    .min(GOAL_MIN, 'goal must be at least 0.0001 (1 in 10,000 games)')
    .max(GOAL_MAX, 'goal must be at most 0.5 (1 in 2 games)'),
});

const starterEstimate = z.object({
  /** The usual range of explorer lookups a build at this goal makes. */
  low: z.number().int(),
  high: z.number().int(),
  /** The least time between two explorer calls on this server. */
  seconds_per_lookup: z.number(),
});
export type StarterEstimate = z.infer<typeof starterEstimate>;

export interface StarterProgress {
  /** Positions looked up (each at most once), and known still to look up. */
  done: number;
  queued: number;
  /** Positions in the tree so far. */
  positions: number;
}

const STARTER_STATUSES = ['running', 'done', 'stopped', 'failed'] as const;

const starterBuild = z.object({
  /** The build's id: its tree is read before it is kept with GET /api/repertoire/position?starter=. */
  id: z.string(),
  color,
  line: z.string(),
  speeds: z.string(),
  ratings: z.string(),
  goal: z.number(),
  status: z.enum(STARTER_STATUSES),
  /** Why it stopped or failed, or what to know about the result; null when there is nothing to say. */
  message: z.string().nullable(),
  done: z.number().int(),
  queued: z.number().int(),
  positions: z.number().int(),
  /** The player's moves to learn: the drill's items. */
  own_moves: z.number().int(),
  lines: z.number().int(),
  /** About how many drill reviews a day its moves cost in their first month. */
  reviews_per_day: z.number(),
  pgn: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type StarterBuild = z.infer<typeof starterBuild>;

const starterKeepAnswer = z.object({
  /** Lines added as edits (lines the repertoire already plays are not). */
  added: z.number().int(),
  edits: z.number().int(),
  positions: z.number().int(),
});
export type StarterKeepAnswer = z.infer<typeof starterKeepAnswer>;

export type StarterEvent =
  | { event: 'progress'; data: StarterProgress }
  | { event: 'status'; data: { message: string } }
  | { event: 'result'; data: StarterBuild };

export const starterApi = {
  estimate: endpoint({
    method: 'GET',
    path: '/api/repertoire/starter/estimate',
    query: starterEstimateQuery,
    answer: apiData(starterEstimate),
  }),
  /** Answers a text/event-stream of StarterEvent; bad input 400 before the stream starts. */
  start: endpoint({
    method: 'POST',
    path: '/api/repertoire/starter',
    body: starterRequest,
    answer: answerType<never>(),
    answerKind: 'events',
    errors: [400],
  }),
  latest: endpoint({
    method: 'GET',
    path: '/api/repertoire/starter',
    query: starterColorQuery,
    answer: apiData(starterBuild.nullable()),
  }),
  stop: endpoint({
    method: 'POST',
    path: '/api/repertoire/starter/stop',
    body: starterStopRequest,
    answer: apiData(starterBuild.nullable()),
  }),
  keep: endpoint({
    method: 'POST',
    path: '/api/repertoire/starter/keep',
    body: starterKeepRequest,
    answer: apiData(starterKeepAnswer),
    errors: [400],
  }),
};
