import { z } from 'zod';
import { colorField, rowId, type Color, type OpeningNameAnswer } from './common.js';
import { answerType, endpoint } from './endpoint.js';

/**
 * The drill: a colour's repertoire positions (the player to move, at least one repertoire move) as
 * FSRS-scheduled items. Every call touches only the caller's items: another player's id behaves as a
 * missing one.
 *
 *   POST /api/drill/sync      {color}           -> {api_data: DrillSyncResult}; 400 without a study
 *   GET  /api/drill/next      ?color=&limit=    -> {api_data: [DrillItem]}: due first, then New
 *   GET  /api/drill/line      ?color=&fen=      -> {api_data: DrillLine}: the next stretch of a line
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

const drillLineQuery = z.object({ color: colorField, fen: z.string().max(200).optional() });

/** A right move rates `rating` (2 Hard, 3 Good by default, 4 Easy); a wrong one rates Again. */
const drillAnswerRequest = z.object({
  id: rowId,
  uci: z.string().min(4).max(5),
  rating: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(),
});
export type DrillAnswerRequest = z.infer<typeof drillAnswerRequest>;

const drillFocusRequest = z.object({ color: colorField, fen: z.string().max(200) });

const drillSettingsRequest = z.object({ new_per_day: z.coerce.number().int().min(0).max(500) });

export interface DrillAnswer {
  uci: string;
  san: string;
}

/** An arrow from orig to dest, or a circle on orig without dest ('e4'); drawn from the study's [%cal]/[%csl]. */
interface BoardShape {
  orig: string;
  dest?: string;
  brush: 'green' | 'red' | 'yellow' | 'blue';
}

/** What the study says about the move that led to a position (or, at a chapter's start, its introduction). */
export interface MoveComment {
  /** Comment text without PGN commands; '' when the study says nothing. */
  comment: string;
  shapes: BoardShape[];
}

/** A repertoire answer with the study's annotations of it. */
export interface AnnotatedAnswer extends DrillAnswer, MoveComment {
  /** '!', '?!', '±', … from the move's NAGs. */
  glyphs: string[];
}

export interface DrillChapterLink {
  name: string;
  /** The chapter on Lichess, when the study came from there. */
  url: string | null;
}

export interface DrillItem {
  id: number;
  color: Color;
  fen: string;
  /** Movetext of a shortest line to the position ('' at a chapter start). */
  line: string;
  move_number: number;
  answers: AnnotatedAnswer[];
  /** What the study says about the move that reached the position, from any chapter. */
  before: MoveComment;
  /** 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: number;
  /** ISO 8601. */
  due: string;
  reps: number;
  lapses: number;
  /** The study changed this position's answers (or the player asked to drill it). */
  changed: boolean;
  chapters: DrillChapterLink[];
  /** The position's opening (by the line when past the named positions). */
  opening?: OpeningNameAnswer;
  /**
   * When the opponent's move into the position is a trap (a common mistake at the player's bands, by
   * the latest coverage check): the move and how the player scores after it.
   */
  trap?: DrillTrap | null;
}

export interface DrillTrap {
  san: string;
  games: number;
  /** 0..1: the player's score after the move. */
  score: number;
}

export interface DrillStats {
  /** Active (not retired) items; learning includes relearning. */
  total: number;
  new: number;
  learning: number;
  review: number;
  due_now: number;
  retired: number;
  /** New items answered today (both colours) and the day's allowance. */
  new_today: number;
  new_per_day: number;
  /** New items still to be served today in this colour. */
  new_left: number;
  /** ISO 8601 of the next item to fall due, or null. */
  next_due: string | null;
  /** Whether the colour has a study (without one the deck is empty and drill/sync answers 400). */
  has_study?: boolean;
}

export interface DrillLine {
  start_fen: string;
  moves: { uci: string; san: string; by: 'player' | 'opponent' }[];
  /** The item to ask after the moves; null when the line has nothing left to ask. */
  ask: DrillItem | null;
}

export interface DrillAnswerResult {
  correct: boolean;
  answers: DrillAnswer[];
  item: DrillItem;
}

export interface DrillSyncResult {
  added: number;
  retired: number;
  changed: number;
  /** Retired items active again, with their history. */
  returned: number;
  /** Active items after the sync. */
  total: number;
}

export interface DrillSettings {
  /** New items a day, both colours together. */
  new_per_day: number;
}

export const drillApi = {
  sync: endpoint({
    method: 'POST',
    path: '/api/drill/sync',
    body: drillColorRequest,
    answer: answerType<{ api_data: DrillSyncResult }>(),
    errors: [400],
  }),
  next: endpoint({
    method: 'GET',
    path: '/api/drill/next',
    query: drillNextQuery,
    answer: answerType<{ api_data: DrillItem[] }>(),
  }),
  line: endpoint({
    method: 'GET',
    path: '/api/drill/line',
    query: drillLineQuery,
    answer: answerType<{ api_data: DrillLine }>(),
    errors: [400],
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/drill/answer',
    body: drillAnswerRequest,
    answer: answerType<{ api_data: DrillAnswerResult }>(),
    errors: [400, 404],
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/drill/stats',
    query: drillColorQuery,
    answer: answerType<{ api_data: DrillStats }>(),
  }),
  focus: endpoint({
    method: 'POST',
    path: '/api/drill/focus',
    body: drillFocusRequest,
    answer: answerType<{ api_data: DrillItem }>(),
    errors: [400, 404],
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/drill/settings',
    answer: answerType<{ api_data: DrillSettings }>(),
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/drill/settings',
    body: drillSettingsRequest,
    answer: answerType<{ api_data: DrillSettings }>(),
  }),
};
