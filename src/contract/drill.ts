import { z } from 'zod';
import { apiData, color, colorField, openingName, rowId } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The drill: a colour's repertoire positions (the player to move, at least one repertoire move) as
 * FSRS-scheduled items. Every call touches only the caller's items: another player's id behaves as a
 * missing one.
 *
 *   POST /api/drill/sync      {color}           -> {api_data: DrillSyncResult}; 400 without a study
 *   GET  /api/drill/next      ?color=&limit=    -> {api_data: [DrillItem]}: due first, then New
 *   GET  /api/drill/line      ?color=&fen=&tz= -> {api_data: DrillLine}: the next stretch of a line
 *   (drill-lines.ts: POST /api/drill/lines, the items along given lines; POST /api/drill/replies, the
 *   items after each opponent reply at a position)
 *   POST /api/drill/answer    {id, uci, rating?} -> {api_data: DrillAnswerResult}; 400 illegal, 404 unknown id
 *   GET  /api/drill/stats     ?color=           -> {api_data: DrillStats}
 *   POST /api/drill/focus     {color, fen}      -> {api_data: DrillItem}: due now; 404 outside the repertoire
 *   GET  /api/drill/settings                    -> {api_data: {new_per_day}}
 *   POST /api/drill/settings  {new_per_day}     -> {api_data: {new_per_day}}
 */

/** A missing body reads as one without a colour, so the answer names the colour. */
const drillColorRequest = z.preprocess((body) => body ?? {}, z.object({ color: colorField }));
/** The player's IANA time zone: the day's New allowance turns over at their midnight. */
const timeZoneField = z.string().max(64).optional();

const drillColorQuery = z.object({ color: colorField, tz: timeZoneField });

const drillNextQuery = z.object({
  color: colorField,
  limit: z.coerce.number().int().min(1).max(500).default(20),
  tz: timeZoneField,
});

const drillLineQuery = z.object({ color: colorField, fen: z.string().max(200).optional(), tz: timeZoneField });

/** A right move rates `rating` (2 Hard, 3 Good by default, 4 Easy); a wrong one rates Again. */
const drillAnswerRequest = z.object({
  id: rowId,
  uci: z.string().min(4).max(5),
  rating: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(),
});
export type DrillAnswerRequest = z.infer<typeof drillAnswerRequest>;

const drillFocusRequest = z.object({ color: colorField, fen: z.string().max(200) });

const drillSettingsRequest = z.object({ new_per_day: z.coerce.number().int().min(0).max(500) });

const count = z.number().int().nonnegative();

const drillAnswer = z.object({ uci: z.string(), san: z.string() });
export type DrillAnswer = z.infer<typeof drillAnswer>;

/** An arrow from orig to dest, or a circle on orig without dest ('e4'); drawn from the study's [%cal]/[%csl]. */
const boardShape = z.object({
  orig: z.string(),
  dest: z.string().optional(),
  brush: z.enum(['green', 'red', 'yellow', 'blue']),
});

/** What the study says about the move that led to a position (or, at a chapter's start, its introduction). */
const moveComment = z.object({
  /** Comment text without PGN commands; '' when the study says nothing. */
  comment: z.string(),
  shapes: z.array(boardShape),
});
export type MoveComment = z.infer<typeof moveComment>;

/** A repertoire answer with the study's annotations of it. */
const annotatedAnswer = z.object({
  ...drillAnswer.shape,
  ...moveComment.shape,
  /** '!', '?!', '±', … from the move's NAGs. */
  glyphs: z.array(z.string()),
});
export type AnnotatedAnswer = z.infer<typeof annotatedAnswer>;

const drillChapterLink = z.object({
  name: z.string(),
  /** The chapter on Lichess, when the study came from there. */
  url: z.string().nullable(),
});
export type DrillChapterLink = z.infer<typeof drillChapterLink>;

const drillTrap = z.object({
  san: z.string(),
  games: count,
  /** 0..1: the player's score after the move. */
  score: z.number(),
});
export type DrillTrap = z.infer<typeof drillTrap>;

/**
 * A position where the opponent was to move with two or more repertoire replies the player answers
 * (`replies` of them): "All my replies" asks the answer to each (POST /api/drill/replies).
 */
const drillBranch = z.object({ fen: z.string(), replies: count });

export const drillItem = z.object({
  id: z.number().int(),
  color,
  fen: z.string(),
  /** Movetext of a shortest line to the position ('' at a chapter start). */
  line: z.string(),
  move_number: z.number().int(),
  answers: z.array(annotatedAnswer),
  /** What the study says about the move that reached the position, from any chapter. */
  before: moveComment,
  /** 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: z.number().int(),
  /** ISO 8601. */
  due: z.string(),
  reps: count,
  lapses: count,
  /** The study changed this position's answers (or the player asked to drill it). */
  changed: z.boolean(),
  chapters: z.array(drillChapterLink),
  /** The position's opening (by the line when past the named positions). */
  opening: openingName.optional(),
  /**
   * When the opponent's move into the position is a trap (a common mistake at the player's bands, by
   * the latest coverage check): the move and how the player scores after it.
   */
  trap: drillTrap.nullish(),
  /** Where the line into the position came through a choice of several opponent replies. */
  branch: drillBranch.nullish(),
});
export type DrillItem = z.infer<typeof drillItem>;

const drillStats = z.object({
  /** Active (not retired) items; learning includes relearning. */
  total: count,
  new: count,
  learning: count,
  review: count,
  due_now: count,
  retired: count,
  /** New items answered today (both colours) and the day's allowance. */
  new_today: count,
  new_per_day: count,
  /**
   * This colour's share of the day's allowance: the allowance is shared between the colours in
   * proportion to the positions each had left to learn when the day began.
   */
  new_share: count,
  /** New items still to be served today in this colour (what is left of its share). */
  new_left: count,
  /** ISO 8601 of the next item to fall due, or null. */
  next_due: z.string().nullable(),
  /** Whether the colour has a study (without one the deck is empty and drill/sync answers 400). */
  has_study: z.boolean().optional(),
});
export type DrillStats = z.infer<typeof drillStats>;

const drillLine = z.object({
  start_fen: z.string(),
  moves: z.array(z.object({ uci: z.string(), san: z.string(), by: z.enum(['player', 'opponent']) })),
  /** The item to ask after the moves; null when the line has nothing left to ask. */
  ask: drillItem.nullable(),
  /** The last position of the moves where the opponent chose among several answered replies. */
  branch: drillBranch.nullable(),
});
export type DrillLine = z.infer<typeof drillLine>;

const drillAnswerResult = z.object({
  correct: z.boolean(),
  answers: z.array(drillAnswer),
  item: drillItem,
});
export type DrillAnswerResult = z.infer<typeof drillAnswerResult>;

const drillSyncResult = z.object({
  added: count,
  retired: count,
  changed: count,
  /** Retired items active again, with their history. */
  returned: count,
  /** Active items after the sync. */
  total: count,
});
export type DrillSyncResult = z.infer<typeof drillSyncResult>;

const drillSettings = z.object({
  /** New items a day, both colours together. */
  new_per_day: count,
});
export type DrillSettings = z.infer<typeof drillSettings>;

export const drillApi = {
  sync: endpoint({
    method: 'POST',
    path: '/api/drill/sync',
    body: drillColorRequest,
    answer: apiData(drillSyncResult),
    errors: [400],
  }),
  next: endpoint({
    method: 'GET',
    path: '/api/drill/next',
    query: drillNextQuery,
    answer: apiData(z.array(drillItem)),
  }),
  line: endpoint({
    method: 'GET',
    path: '/api/drill/line',
    query: drillLineQuery,
    answer: apiData(drillLine),
    errors: [400],
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/drill/answer',
    body: drillAnswerRequest,
    answer: apiData(drillAnswerResult),
    errors: [400, 404],
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/drill/stats',
    query: drillColorQuery,
    answer: apiData(drillStats),
  }),
  focus: endpoint({
    method: 'POST',
    path: '/api/drill/focus',
    body: drillFocusRequest,
    answer: apiData(drillItem),
    errors: [400, 404],
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/drill/settings',
    answer: apiData(drillSettings),
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/drill/settings',
    body: drillSettingsRequest,
    answer: apiData(drillSettings),
  }),
};
