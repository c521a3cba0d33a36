import { z } from 'zod';
import { apiData, color, openingName } from './common.js';
import { answerType, endpoint } from './endpoint.js';

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

export const EDIT_OPS = ['add', 'remove', 'comment'] as const;
export type EditOp = (typeof EDIT_OPS)[number];

/** Notes are kept short enough to read on a phone beside the board. */
export const MAX_NOTE_LENGTH = 2000;

const editRequest = z
  .object({
    color,
    line: movetext,
    op: z.enum(EDIT_OPS, { error: 'op must be add, remove or comment' }),
    /** op comment: the player's note on the line's last move; '' clears it. */
    comment: z
      .string({ error: 'comment must be text' })
      .max(MAX_NOTE_LENGTH, `comment is too long (at most ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters)`)
      .optional(),
  })
  .refine((edit) => edit.op !== 'comment' || edit.comment !== undefined, {
    message: 'comment is required with op comment (an empty text clears the note)',
  });
export type EditRequest = z.infer<typeof editRequest>;

const colorRequest = z.object({ color });
export const colorQuery = z.object({ color });

export const edit = z.object({
  op: z.enum(EDIT_OPS),
  line: z.string(),
  /** The line's last move, as SAN. */
  san: z.string(),
  /** op comment: the note it set ('' cleared it). */
  comment: z.string().optional(),
  /** ISO 8601. */
  created_at: z.string(),
  /** Whether this edit is in the study on Lichess (removals never are: they stay here). */
  pushed: z.boolean(),
  /** Set when the position this edit starts from is no longer in the study (after a refresh). */
  stale: z.boolean().optional(),
});
export type Edit = z.infer<typeof edit>;

/** Answer of edit and undo. */
const editAnswer = z.object({
  /** Edits kept for the colour. */
  edits: z.number().int(),
  /** The edited repertoire's positions that have a repertoire move. */
  positions: z.number().int(),
});
export type EditAnswer = z.infer<typeof editAnswer>;

/** Why POST /api/repertoire/push answers 409 for a player without a Lichess connection. */
export const PUSH_NEEDS_CONNECTION = 'Connect Lichess to save your edits to your study';

/** Answer of POST /api/repertoire/push: the Lichess chapter now holding the additions. */
const pushAnswer = z.object({ pushed: z.boolean(), chapter_id: z.string().nullable() });
export type PushAnswer = z.infer<typeof pushAnswer>;

/** Answer of GET /api/repertoire/edits?color=: the colour's edits, oldest first. */
const editsAnswer = z.array(edit);
export type EditsAnswer = z.infer<typeof editsAnswer>;

/**
 * The opening forms (consistency_check, check_opening, coverage_check, create_opening_book) read the
 * player's edited repertoire of `color` when they send `from_study=1` instead of `opening_text`, or when
 * the `opening_text` they send is the player's stored study of that colour.
 */
export const FROM_STUDY_FIELD = 'from_study';

/**
 * GET /api/repertoire/position?color=&fen=[&line=][&starter=] (fen: a full FEN, or the position without
 * move counters; line: the movetext that reached it, which names the opening of positions past the named
 * ones; starter: the id of the player's starter build of that colour, to read its tree instead of the
 * edited repertoire, before it is kept: 404 when the player has no such build).
 */
const positionQuery = z.object({
  color,
  fen: z.string({ error: 'fen is required' }).trim().min(1, 'fen is required').max(100, 'fen is too long'),
  line: z.string().max(4000, 'line is too long (at most 4,000 characters)').optional(),
  starter: z.uuid({ error: 'starter must be the id of a starter build' }).optional(),
});

const repertoireMove = z.object({
  san: z.string(),
  uci: z.string(),
  /** FEN after the move. */
  fen: z.string(),
  /** True when an edit put the move here (it is not in the study's own chapters). */
  added: z.boolean(),
  /** The study's comment on the move (PGN commands taken out), '' when none; its arrows and circles; its glyphs. */
  comment: z.string(),
  shapes: z.array(
    z.object({ orig: z.string(), dest: z.string().optional(), brush: z.enum(['green', 'red', 'yellow', 'blue']) }),
  ),
  glyphs: z.array(z.string()),
  /** The player's own note on the move ('' when none): part of `comment`, kept apart to edit it. */
  own_note: z.string(),
});
export type RepertoireMoveAnswer = z.infer<typeof repertoireMove>;

/** The edited repertoire at one position: its moves there (none when the position is not in it). */
const positionAnswer = z.object({
  fen: z.string(),
  in_repertoire: z.boolean(),
  /** Whether the repertoire's colour is to move: its moves are answers, else replies to prepare for. */
  player_to_move: z.boolean(),
  moves: z.array(repertoireMove),
  opening: openingName,
});
export type PositionAnswer = z.infer<typeof positionAnswer>;

/**
 * GET /api/repertoire/explorer?color=&fen=&speeds=&ratings= reads the shared explorer cache (null when
 * the position was never looked up at those speeds and bands); POST /api/repertoire/explorer (JSON of
 * the same fields) looks it up with the player's token, one call at a time as the coverage check does:
 * 409 {error} without a token, 502 {error} when the explorer fails. speeds and ratings are comma lists
 * (the coverage check's defaults when empty).
 */
const EXPLORER_DBS = ['lichess', 'masters', 'mine'] as const;
export type ExplorerDb = (typeof EXPLORER_DBS)[number];

/**
 * db: lichess (the default: Lichess games at the speeds and bands), masters (Lichess's masters database,
 * cached apart, speeds and bands ignored) or mine (the player's own saved games with the repertoire's
 * colour, counted by position so transpositions meet; always answered, never looked up). line: as for
 * the position, names the opening.
 */
const explorerQuery = z.object({
  color,
  fen: positionQuery.shape.fen,
  speeds: z.string().max(200).optional(),
  ratings: z.string().max(200).optional(),
  db: z.enum(EXPLORER_DBS, { error: 'db must be lichess, masters or mine' }).default('lichess'),
  line: positionQuery.shape.line,
});
export type ExplorerQuery = z.infer<typeof explorerQuery>;

const explorerMove = z.object({
  san: z.string(),
  uci: z.string(),
  white: z.number().int(),
  draws: z.number().int(),
  black: z.number().int(),
  games: z.number().int(),
  /** Of the position's games, 0..1. */
  share: z.number(),
  /** The player's (the repertoire colour's) score after the move, 0..1: wins plus half the draws. */
  score: z.number(),
  /** Whether the edited repertoire has this move here. */
  in_repertoire: z.boolean(),
  /** db=mine: ISO 8601 of the last game with this move (null when no game had a date). */
  last_played: z.string().nullable().optional(),
});
export type ExplorerMoveAnswer = z.infer<typeof explorerMove>;

export const explorerAnswer = z
  .object({
    fen: z.string(),
    speeds: z.string(),
    ratings: z.string(),
    white: z.number().int(),
    draws: z.number().int(),
    black: z.number().int(),
    /** Most played first. */
    moves: z.array(explorerMove),
    /**
     * With the player to move: the best-scoring move at these bands among those played often enough
     * (see `suggestedAnswer` in the chess core); null when none qualifies or the opponent is to move.
     */
    suggested: z
      .object({
        san: z.string(),
        uci: z.string(),
        score: z.number(),
        /** 0..1: the lower bound of the score's 95% Wilson interval. */
        score_low: z.number(),
        games: z.number().int(),
      })
      .nullable(),
    /** ISO 8601: when the explorer answered (db=mine: when the answer was counted). */
    fetched_at: z.string(),
    db: z.enum(EXPLORER_DBS),
    opening: openingName,
    /** db=mine: ISO 8601 of the last game that reached the position. */
    last_played: z.string().nullable().optional(),
  })
  .nullable();
export type ExplorerAnswer = z.infer<typeof explorerAnswer>;

/**
 * POST /api/repertoire/explorer/ahead (JSON of the explorer query's fields): looks up, in the background
 * and through the same one-at-a-time queue, the positions one move ahead of `fen` that are not cached
 * (the most played explorer moves there and the repertoire's moves), so stepping forward finds figures
 * at once. Answers at once with how many were queued; a newer call of the same player replaces the
 * positions not yet looked up. Nothing is queued without a token, for db=mine, or where the position
 * itself was never looked up.
 */
const explorerAheadAnswer = z.object({ queued: z.number().int() });

/**
 * POST /api/repertoire/openings {lines: [movetext]} → [{eco, name} | null], one per line in order: each
 * line's opening (its longest named position), for screens that list lines and positions.
 */
const openingNamesRequest = z.object({
  lines: z
    .array(z.string().max(4000, 'a line is too long (at most 4,000 characters)'))
    .max(200, 'at most 200 lines at once'),
});
const openingNamesAnswer = z.array(openingName);

export const repertoireApi = {
  /** 400 when the colour has no study, or the line's last move is not in it (remove, comment). */
  edit: endpoint({
    method: 'POST',
    path: '/api/repertoire/edit',
    body: editRequest,
    answer: apiData(editAnswer),
    errors: [400],
  }),
  edits: endpoint({ method: 'GET', path: '/api/repertoire/edits', query: colorQuery, answer: apiData(editsAnswer) }),
  undo: endpoint({
    method: 'POST',
    path: '/api/repertoire/undo',
    body: colorRequest,
    answer: apiData(editAnswer),
    errors: [400],
  }),
  /** 400 when the colour has no study (without starter); 404 when the starter build is not the player's. */
  position: endpoint({
    method: 'GET',
    path: '/api/repertoire/position',
    query: positionQuery,
    answer: apiData(positionAnswer),
    errors: [400, 404],
  }),
  explorer: endpoint({
    method: 'GET',
    path: '/api/repertoire/explorer',
    query: explorerQuery,
    answer: apiData(explorerAnswer),
    errors: [400],
  }),
  explorerLookUp: endpoint({
    method: 'POST',
    path: '/api/repertoire/explorer',
    body: explorerQuery,
    answer: apiData(explorerAnswer),
    errors: [400, 409, 429, 502],
  }),
  explorerAhead: endpoint({
    method: 'POST',
    path: '/api/repertoire/explorer/ahead',
    body: explorerQuery,
    answer: apiData(explorerAheadAnswer),
    errors: [400],
  }),
  openings: endpoint({
    method: 'POST',
    path: '/api/repertoire/openings',
    body: openingNamesRequest,
    answer: apiData(openingNamesAnswer),
  }),
  /** The edited repertoire as a PGN attachment; 400 when the colour has no study. */
  pgn: endpoint({
    method: 'GET',
    path: '/api/repertoire/pgn',
    query: colorQuery,
    answer: answerType<string>(),
    answerKind: 'file',
    errors: [400],
  }),
  push: endpoint({
    method: 'POST',
    path: '/api/repertoire/push',
    body: colorRequest,
    answer: apiData(pushAnswer),
    errors: [400, 409, 502],
  }),
};
