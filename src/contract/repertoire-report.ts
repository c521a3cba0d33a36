import { z } from 'zod';
import { apiData, color } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * POST /api/repertoire-report {sources: ['reviews' | 'lichess' | 'chesscom']} -> {api_data: report}:
 * the player's saved reviews and recent site games compared with their studies in one pass. A game
 * that is both saved and recent counts once, as the review; a site that fails gives no games.
 */

export const REPORT_SOURCES = ['reviews', 'lichess', 'chesscom'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

const repertoireReportRequestSchema = z.object({
  sources: z
    .array(z.enum(REPORT_SOURCES, { error: 'each source must be reviews, lichess or chesscom' }))
    .min(1, 'choose at least one source: reviews, lichess or chesscom')
    .max(REPORT_SOURCES.length)
    .transform((list) => [...new Set(list)]),
});

/** A game behind a deviation. */
const reportGameRef = z.object({
  /** The game on its site (null for a saved review without one). */
  link: z.string().nullable(),
  /** ISO 8601 UTC, or null. */
  date_time_played: z.string().nullable(),
  opponent_name: z.string(),
  site: z.string(),
  /** The saved review of this game, when there is one: game review opens it. */
  review_id: z.number().int().nullable(),
});
export type ReportGameRef = z.infer<typeof reportGameRef>;

/** A place where games left the repertoire: one position and the move played there (built by the chess core). */
const reportDeviation = z.object({
  /** Full FEN of the position before the move (from the first game listed). */
  fen: z.string(),
  /** Movetext from the start to that position ('' at the start). */
  line: z.string(),
  /** Full FEN after the move played: the position a card about it asks from. */
  fen_after: z.string(),
  move_number: z.number().int(),
  /** The player's colour in these games (for drill and card orientation). */
  color,
  played_san: z.string(),
  played_uci: z.string(),
  /** The repertoire's moves there, in repertoire order. */
  expected_san: z.array(z.string()),
  expected_uci: z.array(z.string()),
  count: z.number().int(),
  /** 0..1: the player's mean result over those games with a known result; null when none is known. */
  score: z.number().nullable(),
  games: z.array(
    reportGameRef.extend({
      /** Half-moves from the start up to and including the move played (the deviating move). */
      ply: z.number().int(),
      /** From the player's side: 1 win, 0.5 draw, 0 loss; null when unknown. */
      result: z.number().nullable(),
    }),
  ),
});
export type ReportDeviation = z.infer<typeof reportDeviation>;

const count = z.number().int();

/** Why a game is not compared (the core's NOT_COMPARED_REASONS, in snake_case). */
const NOT_COMPARED_REASONS = ['non_standard', 'no_study', 'no_moves', 'unreadable'] as const;

const repertoireReportAnswer = z.object({
  games: count,
  compared: count,
  stayed_in_book: count,
  /** Mean full-move number where a compared game left the repertoire; null when none did. */
  average_move_left: z.number().nullable(),
  left_by_you: z.array(reportDeviation),
  left_by_opponent: z.array(reportDeviation),
  /** Colours without a study: their games are not compared. */
  no_study: z.array(color),
  not_compared: z.record(z.enum(NOT_COMPARED_REASONS), count),
  /** Games found per source asked for (a site that is down gives 0). */
  sources: z.partialRecord(z.enum(REPORT_SOURCES), count),
});
export type RepertoireReportAnswer = z.infer<typeof repertoireReportAnswer>;

export const repertoireReportApi = {
  run: endpoint({
    method: 'POST',
    path: '/api/repertoire-report',
    body: repertoireReportRequestSchema,
    answer: apiData(repertoireReportAnswer),
  }),
};
