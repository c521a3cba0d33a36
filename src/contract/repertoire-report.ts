import { z } from 'zod';
import type { Color, Deviation, NotComparedReason } from '../chess/index.js';
import { answerType, endpoint } from './endpoint.js';

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
export interface ReportGameRef {
  /** The game on its site (null for a saved review without one). */
  link: string | null;
  /** ISO 8601 UTC, or null. */
  date_time_played: string | null;
  opponent_name: string;
  site: string;
  /** The saved review of this game, when there is one: game review opens it. */
  review_id: number | null;
}

export type ReportDeviation = Deviation<ReportGameRef>;

export interface RepertoireReportAnswer {
  games: number;
  compared: number;
  stayed_in_book: number;
  /** Mean full-move number where a compared game left the repertoire; null when none did. */
  average_move_left: number | null;
  left_by_you: ReportDeviation[];
  left_by_opponent: ReportDeviation[];
  /** Colours without a study: their games are not compared. */
  no_study: Color[];
  not_compared: Record<NotComparedReason, number>;
  /** Games found per source asked for (a site that is down gives 0). */
  sources: Partial<Record<ReportSource, number>>;
}

export const repertoireReportApi = {
  run: endpoint({
    method: 'POST',
    path: '/api/repertoire-report',
    body: repertoireReportRequestSchema,
    answer: answerType<{ api_data: RepertoireReportAnswer }>(),
  }),
};
