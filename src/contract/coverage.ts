import { z } from 'zod';
import type { CoveragePosition } from '../chess/coverage.js';
import type { Hole } from '../chess/coverage-walk.js';
import { color, formBody, formField, type Color } from './common.js';
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
export interface CoverageRun {
  status: 'running' | 'done' | 'failed';
  color: Color;
  speeds: string;
  ratings: string;
  done: number;
  total: number;
  holes: Hole[];
  settled: number;
  bound: number;
  results: string;
  report: CoveragePosition[];
  /** The colour's coverage goal (GET /api/repertoire/goal); holes carry `needed: reach >= goal`. Absent from live events. */
  goal?: number;
}

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
    answer: answerType<{ api_data: CoverageRun | null }>(),
  }),
  stop: endpoint({
    method: 'POST',
    path: '/api/coverage/stop',
    body: coverageStopRequest,
    answer: answerType<{ api_data: CoverageRun | null }>(),
  }),
};
