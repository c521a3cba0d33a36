import { z } from 'zod';
import { color, type Color } from './common.js';
import { answerType, endpoint } from './endpoint.js';
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

export interface Goal {
  color: Color;
  /** 0..1: the reach below which a line is optional. */
  goal: number;
  default_goal: number;
  /** The lowest rating band of the colour's latest coverage check (1600 before any). */
  band: number;
  custom: boolean;
  /** Holes of the colour's latest coverage check at or above the goal that the repertoire still leaves open. */
  needed_left: number;
}

export interface Expected {
  /** 0..1: the player's score where games leave the repertoire, weighted by reach. */
  score: number;
  /** 0..1: what players at these bands score after the player's first moves. */
  baseline: number;
  /** 0..1: the total reach those figures cover. */
  covered_reach: number;
  speeds: string;
  ratings: string;
  /** Explorer games behind the baseline. */
  games: number;
}

export interface ExpectedPoint {
  score: number;
  baseline: number;
  covered_reach: number;
  speeds: string;
  ratings: string;
  /** ISO 8601. */
  at: string;
}

export interface TrimRow {
  line: string;
  fen: string;
  san: string;
  uci: string;
  reach: number;
  own_moves: number;
  games: number;
  opponent_score: number;
  dangerous: boolean;
  drill_positions: number;
  reviews_per_day: number;
}

export interface TrimAnswer {
  trimmed: number;
  edits: number;
  positions: number;
}

export interface Trap {
  line: string;
  fen: string;
  san: string;
  uci: string;
  share: number;
  games: number;
  score: number;
  score_low: number;
  reach: number;
  punished: boolean;
}

export const coverageGoalApi = {
  goal: endpoint({
    method: 'GET',
    path: '/api/repertoire/goal',
    query: colorQuery,
    answer: answerType<{ api_data: Goal }>(),
  }),
  setGoal: endpoint({
    method: 'POST',
    path: '/api/repertoire/goal',
    body: goalRequest,
    answer: answerType<{ api_data: Goal }>(),
  }),
  expected: endpoint({
    method: 'GET',
    path: '/api/repertoire/expected',
    query: colorQuery,
    answer: answerType<{ api_data: Expected | null }>(),
  }),
  expectedHistory: endpoint({
    method: 'GET',
    path: '/api/repertoire/expected/history',
    query: colorQuery,
    answer: answerType<{ api_data: ExpectedPoint[] }>(),
  }),
  trim: endpoint({
    method: 'GET',
    path: '/api/repertoire/trim',
    query: colorQuery,
    answer: answerType<{ api_data: TrimRow[] }>(),
  }),
  /** 400 without a study or a coverage check, or for a line not below the goal. */
  trimLines: endpoint({
    method: 'POST',
    path: '/api/repertoire/trim',
    body: trimRequest,
    answer: answerType<{ api_data: TrimAnswer }>(),
    errors: [400],
  }),
  traps: endpoint({
    method: 'GET',
    path: '/api/repertoire/traps',
    query: colorQuery,
    answer: answerType<{ api_data: Trap[] }>(),
  }),
};
