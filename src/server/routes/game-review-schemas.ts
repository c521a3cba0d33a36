import { z } from 'zod';
import { validateFen } from '../../chess/fen.js';
import { httpLink } from './http-link.js';

/**
 * Payloads of the game review calls, shared by the server (validation) and the web (types).
 * Field names are the spec's (snake_case). No Node or database imports: the web bundles this file.
 */

export const HERO_COLORS = ['White', 'Black'] as const;
export type HeroColor = (typeof HERO_COLORS)[number];

export const RECENT_GAME_SITES = ['lichess', 'chesscom'] as const;
export type RecentGameSite = (typeof RECENT_GAME_SITES)[number];

export const MAX_PGN_CHARS = 200_000;
export const MAX_NOTES_CHARS = 20_000;

// A number, or digits as a form sends them; a list or an object is refused (Number([5]) would be 5).
const id = z
  .union([z.number(), z.string()], { error: 'must be a number' })
  .pipe(z.coerce.number<string | number>().int().positive().max(2_147_483_647));
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
export function parsePlayedAt(text: string): Date | undefined {
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
export const updateGameReviewSchema = z.object({ id, ...partial(reviewFields) });

/** POST /api/upsert-game-review without an id: a new review; pgn and hero_color are required. */
export const insertGameReviewSchema = z.object({
  ...partial(reviewFields),
  pgn: reviewFields.pgn.refine((s) => s.trim() !== '', 'pgn is required'),
  hero_color: reviewFields.hero_color,
});

/**
 * POST /api/upsert-game-review: insert when the body has no id (a second save of the same game link
 * answers the review already saved), update the caller's own review when it has one. Other fields
 * (a full Game record, mistakes, moves) are ignored.
 */
export function parseUpsertGameReview(body: unknown) {
  const hasId = typeof body === 'object' && body !== null && 'id' in body && (body as { id: unknown }).id != null;
  return hasId
    ? ({ kind: 'update', ...updateGameReviewSchema.parse(body) } as const)
    : ({ kind: 'insert', ...insertGameReviewSchema.parse(body) } as const);
}
export type UpsertGameReviewInput = z.input<typeof insertGameReviewSchema> | z.input<typeof updateGameReviewSchema>;

/** POST /api/upsert-mistake: one mistake of one of the caller's reviews; with id, an update. */
export const upsertMistakeSchema = z.object({
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
export type UpsertMistakeInput = z.input<typeof upsertMistakeSchema>;

/** POST /api/get-mistakes. */
export const getMistakesSchema = z.object({ game_review_id: id });

/**
 * POST /api/delete-game-review: `{game_review_id}` deletes a review with its mistakes;
 * `{mistake_id}` deletes one mistake. Exactly one of them.
 */
export const deleteGameReviewSchema = z
  .object({ game_review_id: id.optional(), mistake_id: id.optional() })
  .refine((v) => (v.game_review_id === undefined) !== (v.mistake_id === undefined), {
    message: 'send game_review_id (to delete a review) or mistake_id (to delete a mistake), not both',
  });
export type DeleteGameReviewInput = z.input<typeof deleteGameReviewSchema>;

export const recentGamesQuerySchema = z.object({
  site: z.enum(RECENT_GAME_SITES, { error: 'site must be lichess or chesscom' }),
  /** Another name to read games for (the opening tool's own input); the saved one when left out. */
  username: z.string().max(100, { error: 'username is too long' }).optional(),
});

export interface Mistake {
  id: number;
  game_review_id: number;
  ply: number | null;
  fen: string | null;
  move: string | null;
  better_move: string | null;
  notes: string;
}

export interface GameReview {
  id: number;
  user_id: number;
  username: string;
  opponent_name: string;
  hero_color: HeroColor;
  /** ISO 8601, UTC; null when the game did not say. */
  date_time_played: string | null;
  site: string;
  link: string | null;
  pgn: string;
  notes: string;
  time_control: string;
  hero_elo: number | null;
  opponent_elo: number | null;
  /** 1, 0.5 or 0 from the hero's side. */
  result: number | null;
  how_resolved: string | null;
  mistakes: Mistake[];
  /** Always empty: kept for the spec's shape. */
  moves: unknown[];
}

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as never;
}
