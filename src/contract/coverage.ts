import { z } from 'zod';
import type { CoveragePosition } from '../chess/coverage.js';
import type { Hole } from '../chess/coverage-walk.js';
import { apiData, color, formBody, formField, type Expect, type Same } from './common.js';
import { answerType, endpoint } from './endpoint.js';
import { openingFormFields } from './openings.js';

/**
 * The coverage check: which explorer moves at the chosen speeds and ratings the repertoire answers.
 * A check belongs to the player, not to the connection: it goes on when the stream's client leaves.
 *
 *   POST /api/coverage_check  opening form + speeds, ratings -> text/event-stream of CoverageEvent:
 *        `progress` while it works, `holes` after each lookup that changes them, `status` while the
 *        explorer rests after a 429, then one `result`. Bad input is answered 400 {error} before the stream.
 *   GET  /api/coverage/latest?color=  -> {api_data: CoverageRun | null}
 *   POST /api/coverage/stop   {color} -> {api_data: CoverageRun | null}; the holes found so far are kept
 *   GET  /api/coverage/follow?color= -> text/event-stream of CoverageEvent for the player's running check of
 *        that colour, worked by any process (one `result` at once when none is running)
 */

const coverageCheckForm = formBody({
  ...openingFormFields,
  speeds: formField.optional(),
  ratings: formField.optional(),
});

const coverageColorQuery = z.object({ color });
const coverageStopRequest = z.object({ color });

export type { CoveragePosition, Hole };

const count = z.number().int().nonnegative();

/**
 * 0..1, or undefined when unknown: the chess core keeps the key with an undefined value, and a report
 * read back from the database (JSON) has none, so an absent key is taken as undefined.
 */
const reachOrUnknown = z.codec(z.number().optional(), z.number().or(z.undefined()), {
  decode: (reach) => reach,
  encode: (reach) => reach,
});

/** An explorer move at a position of the report (coverage.ts declares it for the chess core). */
const coverageMove = z.object({
  san: z.string(),
  uci: z.string(),
  games: count,
  /** 0..1: share of the position's games in which the opponent plays this move. */
  share: z.number(),
  /** share as a whole percentage (0 shows as 0%). */
  percent: z.number().int(),
  covered: z.boolean(),
  /** 0..1: how often a game from the start position reaches this move; undefined when unknown. */
  reach: reachOrUnknown,
});

const coveragePosition = z.object({
  key: z.string(),
  fen: z.string(),
  turn: color,
  moveNumber: z.number().int(),
  /** Movetext of a shortest line to the position. */
  line: z.string(),
  hasStats: z.boolean(),
  games: count,
  /** 0..1 like the moves' reach. */
  reach: reachOrUnknown,
  moves: z.array(coverageMove),
});
type _CoveragePositionIsCore = Expect<Same<z.infer<typeof coveragePosition>, CoveragePosition>>;

/** An explorer move the repertoire does not answer (coverage-walk.ts declares it for the chess core). */
const hole = z.object({
  /** The position before the move. */
  fen: z.string(),
  /** Movetext from the start through the move. */
  line: z.string(),
  san: z.string(),
  uci: z.string(),
  /** 0..1: how often a game from the start reaches the move. */
  reach: z.number(),
  /** 0..1: the move's share of the position's games. */
  share: z.number(),
  games: count,
  /** Whether the reach is at or above the player's coverage goal; set where the goal is known. */
  needed: z.boolean().optional(),
  /** Whether the repertoire answers the move now (an edit since the check); absent from live events. */
  answered: z.boolean().optional(),
});
type _HoleIsCore = Expect<Same<z.infer<typeof hole>, Hole>>;

export interface CoverageProgress {
  done: number;
  total: number;
}

/** The 20 likeliest holes so far, likeliest first; `settled` of them cannot change any more. */
export interface CoverageHoles {
  holes: Hole[];
  settled: number;
  /** 0..1: the highest reach of a position still to look up (0 when none). */
  bound: number;
  done: number;
}

/** Why the check waits, e.g. "Lichess is busy, retrying in 60 s" after a 429. */
export interface CoverageStatus {
  message: string;
  /** ISO 8601. */
  retry_at: string;
}

export interface CoverageResult {
  /** The report as text (or the message of a failure). */
  results: string;
  report: CoveragePosition[];
  /** Every hole, likeliest first. */
  holes: Hole[];
}

export type CoverageEvent =
  | { event: 'progress'; data: CoverageProgress }
  | { event: 'holes'; data: CoverageHoles }
  | { event: 'status'; data: CoverageStatus }
  | { event: 'result'; data: CoverageResult };

/** The player's latest check of one colour, running or ended. */
const coverageRun = z.object({
  status: z.enum(['running', 'done', 'failed']),
  color,
  speeds: z.string(),
  ratings: z.string(),
  done: count,
  total: count,
  holes: z.array(hole),
  settled: count,
  bound: z.number(),
  results: z.string(),
  report: z.array(coveragePosition),
  /** The colour's coverage goal (GET /api/repertoire/goal); holes carry `needed: reach >= goal`. Absent from live events. */
  goal: z.number().optional(),
});
export type CoverageRun = z.infer<typeof coverageRun>;

export const coverageApi = {
  /** Answers a text/event-stream of CoverageEvent; bad input 400 before the stream starts. */
  check: endpoint({
    method: 'POST',
    path: '/api/coverage_check',
    body: coverageCheckForm,
    bodyKind: 'multipart',
    answer: answerType<never>(),
    answerKind: 'events',
    errors: [400],
  }),
  /** A text/event-stream of CoverageEvent; 404 when the colour has no check. */
  follow: endpoint({
    method: 'GET',
    path: '/api/coverage/follow',
    query: coverageColorQuery,
    answer: answerType<never>(),
    answerKind: 'events',
    errors: [404],
  }),
  latest: endpoint({
    method: 'GET',
    path: '/api/coverage/latest',
    query: coverageColorQuery,
    answer: apiData(coverageRun.nullable()),
  }),
  stop: endpoint({
    method: 'POST',
    path: '/api/coverage/stop',
    body: coverageStopRequest,
    answer: apiData(coverageRun.nullable()),
  }),
};
