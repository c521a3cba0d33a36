import { z } from 'zod';
import { validateFen } from '../chess/fen.js';
import { httpLink } from './http-link.js';
import { apiData, rowId } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The game review calls: reviews of played games with their mistakes. Field names are snake_case
 * as the answers carry them. Every call reads and changes only the caller's rows.
 *
 *   GET  /api/get-game-reviews                  -> {api_data: [GameReview]}, newest first
 *   POST /api/upsert-game-review   {review}     -> {api_data: GameReview}
 *   POST /api/upsert-mistake       {mistake}    -> {api_data: Mistake}
 *   POST /api/get-mistakes         {game_review_id} -> {api_data: [Mistake]}
 *   POST /api/delete-game-review   {game_review_id} | {mistake_id} -> {api_data: {deleted, id}}
 */

export const HERO_COLORS = ['White', 'Black'] as const;
type HeroColor = (typeof HERO_COLORS)[number];

export const MAX_PGN_CHARS = 200_000;
export const MAX_NOTES_CHARS = 20_000;

const id = rowId;
const shortText = (max = 200) => z.string().trim().max(max);

/** 'White' | 'Black', also accepted in lower case. */
const heroColor = z
  .string()
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.enum(['white', 'black']))
  .transform((s): HeroColor => (s === 'white' ? 'White' : 'Black'));

/**
 * A played date and time: ISO 8601, or PGN's 'YYYY.MM.DD HH:MM:SS' (read as UTC).
 * Answers carry ISO 8601 strings.
 */
function parsePlayedAt(text: string): Date | undefined {
  const trimmed = text.trim();
  const pgnStyle = /^(\d{4})[.-](\d{2})[.-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  const date = pgnStyle
    ? new Date(
        Date.UTC(
          +pgnStyle[1],
          +pgnStyle[2] - 1,
          +pgnStyle[3],
          +(pgnStyle[4] ?? 0),
          +(pgnStyle[5] ?? 0),
          +(pgnStyle[6] ?? 0),
        ),
      )
    : /^\d{4}-\d{2}-\d{2}T/.test(trimmed)
      ? new Date(trimmed)
      : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

const playedAt = z
  .string()
  .max(40)
  .transform((text, ctx) => {
    if (text.trim() === '') return null;
    const date = parsePlayedAt(text);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'must be a date and time like 2025-06-01T12:34:56Z' });
      return z.NEVER;
    }
    return date;
  });

/** The fields of a review a client may write; mistakes and moves are not part of it. */
const reviewFields = {
  username: shortText(),
  opponent_name: shortText(),
  hero_color: heroColor,
  date_time_played: playedAt.nullable(),
  site: shortText(50),
  link: httpLink(500).nullable(),
  pgn: z.string().max(MAX_PGN_CHARS, `PGN longer than ${MAX_PGN_CHARS} characters`),
  notes: z.string().max(MAX_NOTES_CHARS, `notes longer than ${MAX_NOTES_CHARS} characters`),
  time_control: shortText(50),
  hero_elo: z.coerce.number().int().min(0).max(5000).nullable(),
  opponent_elo: z.coerce.number().int().min(0).max(5000).nullable(),
  result: z.number().min(0).max(1).nullable(),
  how_resolved: shortText(100).nullable(),
};

/** POST /api/upsert-game-review with an id: only the fields sent change. */
const updateGameReviewSchema = z.object({ id, ...partial(reviewFields) });

/** POST /api/upsert-game-review without an id: a new review; pgn and hero_color are required. */
const insertGameReviewSchema = z.object({
  ...partial(reviewFields),
  pgn: reviewFields.pgn.refine((s) => s.trim() !== '', 'pgn is required'),
  hero_color: reviewFields.hero_color,
});

/**
 * POST /api/upsert-game-review: insert when the body has no id (a second save of the same game link
 * answers the review already saved), update the caller's own review when it has one. Other fields
 * (a full Game record, mistakes, moves) are ignored.
 */
export const upsertGameReviewRequest = z.unknown().transform((body, ctx) => {
  const hasId = typeof body === 'object' && body !== null && 'id' in body && (body as { id: unknown }).id != null;
  const parsed = hasId ? updateGameReviewSchema.safeParse(body) : insertGameReviewSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  }
  return hasId
    ? { kind: 'update' as const, ...(parsed.data as z.output<typeof updateGameReviewSchema>) }
    : { kind: 'insert' as const, ...(parsed.data as z.output<typeof insertGameReviewSchema>) };
});
export type UpsertGameReviewInput = z.input<typeof insertGameReviewSchema> | z.input<typeof updateGameReviewSchema>;

/** POST /api/upsert-mistake: one mistake of one of the caller's reviews; with id, an update. */
const upsertMistakeRequest = z.object({
  id: id.optional(),
  game_review_id: id,
  /** Half-moves from the start, 1 = White's first move. */
  ply: z.coerce.number().int().min(0).max(2000).nullable().optional(),
  // '' (or null) means no position; anything else must be a legal position.
  fen: z
    .string()
    .trim()
    .max(100)
    .superRefine((value, ctx) => {
      const result = value === '' ? undefined : validateFen(value);
      if (result?.isErr) ctx.addIssue({ code: 'custom', message: result.error.message });
    })
    .nullable()
    .optional(),
  move: shortText(20).nullable().optional(),
  better_move: shortText(20).nullable().optional(),
  notes: z.string().max(MAX_NOTES_CHARS).optional(),
});
export type UpsertMistakeInput = z.input<typeof upsertMistakeRequest>;

/** POST /api/get-mistakes. */
const getMistakesRequest = z.object({ game_review_id: id });

/**
 * POST /api/delete-game-review: `{game_review_id}` deletes a review with its mistakes;
 * `{mistake_id}` deletes one mistake. Exactly one of them.
 */
const deleteGameReviewRequest = z
  .object({ game_review_id: id.optional(), mistake_id: id.optional() })
  .refine((v) => (v.game_review_id === undefined) !== (v.mistake_id === undefined), {
    message: 'send game_review_id (to delete a review) or mistake_id (to delete a mistake), not both',
  });

export const mistake = z.object({
  id: z.number().int(),
  game_review_id: z.number().int(),
  ply: z.number().int().nullable(),
  fen: z.string().nullable(),
  move: z.string().nullable(),
  better_move: z.string().nullable(),
  notes: z.string(),
  /** inaccuracy, mistake or blunder when the engine found it; null when marked by hand. */
  kind: z.enum(['inaccuracy', 'mistake', 'blunder']).nullable(),
});
export type Mistake = z.infer<typeof mistake>;

export const gameReview = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  opponent_name: z.string(),
  hero_color: z.enum(HERO_COLORS),
  /** ISO 8601, UTC; null when the game did not say. */
  date_time_played: z.string().nullable(),
  site: z.string(),
  link: z.string().nullable(),
  pgn: z.string(),
  notes: z.string(),
  time_control: z.string(),
  hero_elo: z.number().int().nullable(),
  opponent_elo: z.number().int().nullable(),
  /** 1, 0.5 or 0 from the hero's side. */
  result: z.number().nullable(),
  how_resolved: z.string().nullable(),
  mistakes: z.array(mistake),
  /** Always empty: kept for the Game record's shape. */
  moves: z.array(z.unknown()),
});
export type GameReview = z.infer<typeof gameReview>;

/** POST /api/delete-game-review's answer. */
const deletedAnswer = z.object({ deleted: z.enum(['game_review', 'mistake']), id: z.number().int() });

/** The review calls: 200 with the data as sent, 404 {error} for an id not the caller's. */
export const gameReviewsApi = {
  reviews: endpoint({ method: 'GET', path: '/api/get-game-reviews', answer: apiData(z.array(gameReview)) }),
  /** 400 for a PGN whose moves do not replay. */
  upsertReview: endpoint({
    method: 'POST',
    path: '/api/upsert-game-review',
    body: upsertGameReviewRequest,
    answer: apiData(gameReview),
    errors: [400, 404],
  }),
  upsertMistake: endpoint({
    method: 'POST',
    path: '/api/upsert-mistake',
    body: upsertMistakeRequest,
    answer: apiData(mistake),
    errors: [404],
  }),
  mistakes: endpoint({
    method: 'POST',
    path: '/api/get-mistakes',
    body: getMistakesRequest,
    answer: apiData(z.array(mistake)),
    errors: [404],
  }),
  /** A review with its mistakes, or one mistake. */
  remove: endpoint({
    method: 'POST',
    path: '/api/delete-game-review',
    body: deleteGameReviewRequest,
    answer: apiData(deletedAnswer),
    errors: [404],
  }),
};

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as never;
}
