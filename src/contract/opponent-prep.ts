import { z } from 'zod';
import { apiData, color, rowId } from './common.js';
import { answerType, endpoint } from './endpoint.js';

/**
 * Opponent preparation: the opponent's recent games (Lichess: the last 200; Chess.com: the last three
 * months) in which they had the other colour, compared with the player's repertoire for the colour the
 * player will have.
 */

export const PREP_SITES = ['lichess', 'chesscom'] as const;
export type PrepSite = (typeof PREP_SITES)[number];
export const PREP_SITE_NAMES: Record<PrepSite, string> = { lichess: 'Lichess', chesscom: 'Chess.com' };

const prepRequest = z.object({
  site: z.enum(PREP_SITES, { error: 'site must be lichess or chesscom' }),
  username: z
    .string({ error: "username must be the opponent's name on that site" })
    .trim()
    .min(1, "username must be the opponent's name on that site")
    .max(50, 'username is too long (at most 50 characters)')
    .regex(/^[A-Za-z0-9_-]+$/, 'username may hold only letters, digits, _ and -'),
  /** The colour the player will have. */
  color,
});
export type PrepRequest = z.infer<typeof prepRequest>;

const prepGame = z.object({
  link: z.string().nullable(),
  date_time_played: z.string().nullable(),
  opponent_name: z.string(),
  site: z.string(),
  /** Half-moves up to and including the surprise. */
  ply: z.number().int(),
  /** From the player's side. */
  result: z.number().nullable(),
});

/** A position where the opponent played a move the repertoire does not answer. */
export const surprise = z.object({
  fen: z.string(),
  line: z.string(),
  fen_after: z.string(),
  move_number: z.number().int(),
  color,
  played_san: z.string(),
  played_uci: z.string(),
  expected_san: z.array(z.string()),
  expected_uci: z.array(z.string()),
  count: z.number().int(),
  /** 0..1 from the player's side; null when no game had a result. */
  score: z.number().nullable(),
  games: z.array(prepGame),
});
export type Surprise = z.infer<typeof surprise>;

const theirLine = z.object({
  line: z.string(),
  plies: z.number().int(),
  /** The position the line ends at. */
  fen: z.string(),
  count: z.number().int(),
  score: z.number().nullable(),
});
export type TheirLine = z.infer<typeof theirLine>;

const prepAnswer = z.object({
  games: z.number().int(),
  compared: z.number().int(),
  surprises: z.array(surprise),
  their_lines: z.array(theirLine),
  /** The kept preparation (GET /api/opponent-prep/:id). */
  id: z.number().int(),
  site: z.enum(PREP_SITES),
  username: z.string(),
  color,
  /** ISO 8601. */
  created_at: z.string(),
});
export type PrepAnswer = z.infer<typeof prepAnswer>;

/** A kept preparation, as listed. */
const prepSummary = prepAnswer.pick({
  id: true,
  site: true,
  username: true,
  color: true,
  games: true,
  compared: true,
  created_at: true,
});
export type PrepSummary = z.infer<typeof prepSummary>;

const prepIdParams = z.object({ id: rowId });

/** Stages of a preparation, streamed as `progress` events by POST /api/opponent-prep/stream. */
export interface PrepProgress {
  stage: 'fetching' | 'comparing';
  /** Fetching: archives or exports fetched; comparing: games compared. */
  done: number;
  total: number;
}

/** The last event of the stream when the preparation failed: the status the plain call would answer. */
export interface PrepFailure {
  status: number;
  error: string;
}

/** GET /api/opponent-prep/answer?color=&fen=: the explorer's best-scoring reply at a surprise. */
const suggestionQuery = z.object({ color, fen: z.string().min(1).max(200) });
export const suggestion = z
  .object({ san: z.string(), uci: z.string(), score: z.number(), games: z.number().int() })
  .nullable();
export type Suggestion = z.infer<typeof suggestion>;

/**
 * The reply as sent: also its score_low (the lower bound of its score's 95% Wilson interval), which
 * the web does not read, so `Suggestion` leaves it out while the answer keeps it.
 */
const sentSuggestion = z
  .object({ san: z.string(), uci: z.string(), score: z.number(), score_low: z.number(), games: z.number().int() })
  .nullable();
export type SentSuggestion = z.infer<typeof sentSuggestion>;
const suggestionAnswer: z.ZodType<{ api_data: Suggestion }> = apiData(sentSuggestion);

export const opponentPrepApi = {
  /**
   * 400 without a study of the colour, 404 when the opponent has no games, 502 when the site fails,
   * 409 while the player's last preparation runs, 503 while the server runs its most at once.
   */
  run: endpoint({
    method: 'POST',
    path: '/api/opponent-prep',
    body: prepRequest,
    answer: apiData(prepAnswer),
    errors: [400, 404, 409, 502, 503],
  }),
  /**
   * The same as a text/event-stream: `progress` (PrepProgress) events, then `result` ({api_data:
   * PrepAnswer}) or `failure` (PrepFailure).
   */
  stream: endpoint({
    method: 'POST',
    path: '/api/opponent-prep/stream',
    body: prepRequest,
    answer: answerType<never>(),
    answerKind: 'events',
    /** Refused before the stream starts, as the plain call. */
    errors: [409, 503],
  }),
  recent: endpoint({ method: 'GET', path: '/api/opponent-prep/recent', answer: apiData(z.array(prepSummary)) }),
  suggestion: endpoint({
    method: 'GET',
    path: '/api/opponent-prep/answer',
    query: suggestionQuery,
    answer: suggestionAnswer,
    errors: [400],
  }),
  prep: endpoint({
    method: 'GET',
    path: '/api/opponent-prep/:id',
    params: prepIdParams,
    answer: apiData(prepAnswer),
    errors: [404],
  }),
};
