import { z } from 'zod';
import { apiData, color } from './common.js';
import { endpoint } from './endpoint.js';
import { colorQuery } from './repertoire.js';

/**
 * The coverage goal and what it measures, per colour, over the stored explorer answers of the
 * player's latest coverage check and the edited repertoire:
 *
 *   GET  /api/repertoire/goal?color=            -> {api_data: Goal}
 *   POST /api/repertoire/goal {color, goal}     -> {api_data: Goal}; goal null goes back to the band's
 *   GET  /api/repertoire/expected?color=        -> {api_data: Expected | null} (null: no check yet)
 *   GET  /api/repertoire/expected/history?color= -> {api_data: ExpectedPoint[]}, oldest first
 *   GET  /api/repertoire/trim?color=            -> {api_data: TrimRow[]}, rarest first
 *   POST /api/repertoire/trim {color, lines?}   -> {api_data: {trimmed, edits, positions}}: remove edits,
 *        one undo takes them all back; without `lines` every line below the goal but the dangerous ones
 *   GET  /api/repertoire/traps?color=           -> {api_data: Trap[]}, likeliest first
 */

/** Once in 2 games to once in 10,000. */
export const GOAL_MIN = 1 / 10_000;
export const GOAL_MAX = 1 / 2;

const goalRequest = z.object({
  color,
  goal: z
    .number({ error: 'goal must be a number from 0.0001 to 0.5 (1 in 10,000 games to 1 in 2), or null' })
    .min(GOAL_MIN, 'goal must be at least 0.0001 (1 in 10,000 games)')
    .max(GOAL_MAX, 'goal must be at most 0.5 (1 in 2 games)')
    .nullable(),
});

const trimRequest = z.object({
  color,
  lines: z.array(z.string().trim().min(1).max(4000)).min(1, 'lines must name at least one line').max(2000).optional(),
});

/** Games, lines and moves: whole numbers. */
const count = z.number().int().nonnegative();

const goal = z.object({
  color,
  /** 0..1: the reach below which a line is optional. */
  goal: z.number(),
  default_goal: z.number(),
  /** The lowest rating band of the colour's latest coverage check (1600 before any). */
  band: z.number().int(),
  custom: z.boolean(),
  /** Holes of the colour's latest coverage check at or above the goal that the repertoire still leaves open. */
  needed_left: count,
});
export type Goal = z.infer<typeof goal>;

const expected = z.object({
  /** 0..1: the player's score where games leave the repertoire, weighted by reach. */
  score: z.number(),
  /** 0..1: what players at these bands score after the player's first moves. */
  baseline: z.number(),
  /** 0..1: the total reach those figures cover. */
  covered_reach: z.number(),
  speeds: z.string(),
  ratings: z.string(),
  /** Explorer games behind the baseline. */
  games: count,
});
export type Expected = z.infer<typeof expected>;

const expectedPoint = z.object({
  score: z.number(),
  baseline: z.number(),
  covered_reach: z.number(),
  speeds: z.string(),
  ratings: z.string(),
  /** ISO 8601. */
  at: z.string(),
});
export type ExpectedPoint = z.infer<typeof expectedPoint>;

const trimRow = z.object({
  /** Movetext from the start through the opponent's reply. */
  line: z.string(),
  /** The position before the reply. */
  fen: z.string(),
  san: z.string(),
  uci: z.string(),
  /** 0..1: how often a game from the start reaches the reply. */
  reach: z.number(),
  /** The player's moves that only this reply reaches. */
  own_moves: count,
  /** Explorer games after the reply, and the opponent's score (0..1) in them. */
  games: count,
  opponent_score: z.number(),
  dangerous: z.boolean(),
  /** Drill items (positions the player answers) the trim drops. */
  drill_positions: count,
  /** About how many drill reviews a day the trim saves. */
  reviews_per_day: z.number(),
});
export type TrimRow = z.infer<typeof trimRow>;

const trimAnswer = z.object({
  trimmed: count,
  edits: count,
  positions: count,
});
export type TrimAnswer = z.infer<typeof trimAnswer>;

const trap = z.object({
  /** Movetext from the start through the opponent's move. */
  line: z.string(),
  /** The position before the move. */
  fen: z.string(),
  san: z.string(),
  uci: z.string(),
  /** 0..1: the move's share of the position's games. */
  share: z.number(),
  games: count,
  /** 0..1: the player's score after the move, and its Wilson lower bound. */
  score: z.number(),
  score_low: z.number(),
  /** 0..1: how often a game from the start reaches the move. */
  reach: z.number(),
  punished: z.boolean(),
});
export type Trap = z.infer<typeof trap>;

export const coverageGoalApi = {
  goal: endpoint({
    method: 'GET',
    path: '/api/repertoire/goal',
    query: colorQuery,
    answer: apiData(goal),
  }),
  setGoal: endpoint({
    method: 'POST',
    path: '/api/repertoire/goal',
    body: goalRequest,
    answer: apiData(goal),
  }),
  expected: endpoint({
    method: 'GET',
    path: '/api/repertoire/expected',
    query: colorQuery,
    answer: apiData(expected.nullable()),
  }),
  expectedHistory: endpoint({
    method: 'GET',
    path: '/api/repertoire/expected/history',
    query: colorQuery,
    answer: apiData(z.array(expectedPoint)),
  }),
  trim: endpoint({
    method: 'GET',
    path: '/api/repertoire/trim',
    query: colorQuery,
    answer: apiData(z.array(trimRow)),
  }),
  /** 400 without a study or a coverage check, or for a line not below the goal. */
  trimLines: endpoint({
    method: 'POST',
    path: '/api/repertoire/trim',
    body: trimRequest,
    answer: apiData(trimAnswer),
    errors: [400],
  }),
  traps: endpoint({
    method: 'GET',
    path: '/api/repertoire/traps',
    query: colorQuery,
    answer: apiData(z.array(trap)),
  }),
};
