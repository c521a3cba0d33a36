import { z } from 'zod';
import { color } from './common.js';

/**
 * The repertoire workshop: edits kept beside a colour's study (the study's own text is never rewritten),
 * undo, the edited repertoire as PGN, and the additions written back to the Lichess study.
 */

/** Movetext from the standard start, e.g. `1. e4 b6 2. d4`. */
export const movetext = z
  .string({ error: 'line must be movetext from the standard start' })
  .trim()
  .min(1, 'line must not be empty')
  .max(4000, 'line is too long (at most 4,000 characters)');

export const EDIT_OPS = ['add', 'remove'] as const;
export type EditOp = (typeof EDIT_OPS)[number];

export const editRequest = z.object({
  color,
  line: movetext,
  op: z.enum(EDIT_OPS, { error: 'op must be add or remove' }),
});
export type EditRequest = z.infer<typeof editRequest>;

export const colorRequest = z.object({ color });
export const colorQuery = z.object({ color });

export const edit = z.object({
  op: z.enum(EDIT_OPS),
  line: z.string(),
  /** The line's last move, as SAN. */
  san: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** Whether this edit is in the study on Lichess (removals never are: they stay here). */
  pushed: z.boolean(),
  /** Set when the position this edit starts from is no longer in the study (after a refresh). */
  stale: z.boolean().optional(),
});
export type Edit = z.infer<typeof edit>;

/** Answer of edit and undo. */
export const editAnswer = z.object({
  /** Edits kept for the colour. */
  edits: z.number().int(),
  /** The edited repertoire's positions that have a repertoire move. */
  positions: z.number().int(),
});
export type EditAnswer = z.infer<typeof editAnswer>;

export const pushAnswer = z.object({ pushed: z.boolean(), chapter_id: z.string().nullable() });
export type PushAnswer = z.infer<typeof pushAnswer>;
