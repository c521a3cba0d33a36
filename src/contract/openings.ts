import { z } from 'zod';
import type { ComparedMove as CoreComparedMove } from '../chess/compare-game.js';
import { color, formBody, formField, type Expect, type Same } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The opening tools, all forms (urlencoded or multipart) describing one repertoire: opening_text
 * (pasted, or an uploaded file), color, excludeSymbols[] (moves annotated so are left out with what
 * follows) and an optional opening_name.
 *
 *   POST /api/consistency_check    -> {results, results_dict: [ConsistencyPosition]}
 *   POST /api/check_opening        + game_text, game_name, format -> the comparison as text/plain, or
 *                                     with format=json {results, comparison}
 *   POST /api/create_opening_book  -> {book: "<JSON text of {fen: BookEntry}>", name, color}
 *                                     (+ book_format=object: the book as an object)
 * Bad input: 400 {error}, e.g. "No study text", "The game PGN could not be read: ...".
 *
 * The chess core builds these answers (consistency.ts, compare-game.ts, opening-book.ts) under its own
 * camelCase names; the server maps them to these schemas' types (src/server/openings/opening-wire.ts).
 */

export const openingFormFields = {
  opening_text: formField.optional(),
  color: formField.optional(),
  excludeSymbols: formField.optional(),
  'excludeSymbols[]': formField.optional(),
  opening_name: formField.optional(),
};
const openingForm = formBody(openingFormFields);

const checkOpeningForm = formBody({
  ...openingFormFields,
  game_text: formField.optional(),
  game_name: formField.optional(),
  /** 'json' for the structured comparison beside the text. */
  format: formField.optional(),
});

const consistencyChapter = z.object({
  name: z.string(),
  /** The chapter's line from its start up to and including the move. */
  pgn: z.string(),
});

const consistencyMove = z.object({ san: z.string(), uci: z.string(), chapters: z.array(consistencyChapter) });

/** A position where the chapters give the player more than one move. */
const consistencyPosition = z.object({
  fen: z.string(),
  turn: color,
  move_number: z.number().int(),
  /** A line (movetext) that reaches the position. */
  line: z.string(),
  moves: z.array(consistencyMove),
});
export type ConsistencyPositionAnswer = z.infer<typeof consistencyPosition>;

const consistencyAnswer = z.object({
  /** Text report, prefixed 'Consistency Results for: <name>'. */
  results: z.string(),
  results_dict: z.array(consistencyPosition),
});
export type ConsistencyAnswer = z.infer<typeof consistencyAnswer>;

const comparedMove = z.object({ san: z.string(), uci: z.string(), comment: z.string().optional() });
export type ComparedMove = z.infer<typeof comparedMove>;
type _ComparedMoveIsCore = Expect<Same<ComparedMove, CoreComparedMove>>;

const COMPARISON_OUTCOMES = ['left', 'end_of_line', 'game_ended', 'not_in_repertoire', 'no_moves'] as const;

/** In the order the core builds it: the answer is written in the schema's order. */
const gameComparison = z.object({
  outcome: z.enum(COMPARISON_OUTCOMES),
  /** Half-moves played before the position in question (0 = the game's start). */
  ply: z.number().int(),
  /** Full-move number of that position. */
  moveNumber: z.number().int(),
  turn: color,
  /** Whose move it was: the repertoire's colour is the player. */
  side: z.enum(['player', 'opponent']),
  /** The game's move there; undefined when the game had no further move (the key is always there). */
  played: z.union([comparedMove, z.undefined()]),
  /** The repertoire's moves there (the answer a flashcard would ask for). */
  repertoireMoves: z.array(comparedMove),
  openingName: z.string(),
  gameName: z.string(),
  /** FEN of the position where the game left the repertoire (or where it stopped). */
  fen: z.string(),
  /** Movetext of the game up to that position. */
  line: z.string(),
  /** Game record fields this comparison fills. */
  record: z.object({
    hero_opening: z.string(),
    actual_opening: z.string(),
    how_left_opening: z.string(),
    move_left_opening: z.string().nullable(),
  }),
  text: z.string(),
});
export type GameComparison = z.infer<typeof gameComparison>;

const checkOpeningAnswer = z.object({ results: z.string(), comparison: gameComparison });
export type CheckOpeningAnswer = z.infer<typeof checkOpeningAnswer>;

const openingBookForm = formBody({
  ...openingFormFields,
  /** 'object' for the book as an object rather than JSON text. */
  book_format: formField.optional(),
  /** The older name of book_format ('object'; 'text' is the default). */
  format: formField.optional(),
});

const bookMove = z.object({
  san: z.string(),
  uci: z.string(),
  /** Chapter lines that play this move and go on after it; 0 means the move ends the line. */
  number_of_games: z.number().int(),
  /** Names of the chapters that play the move, in study order. */
  chapters: z.array(z.string()),
  end_of_line: z.boolean(),
});

/** One position of the book. */
const bookEntry = z.object({
  fen: z.string(),
  turn: color,
  /** Keyed by SAN; ordered by number_of_games, most first. */
  moves: z.record(z.string(), bookMove),
  /** Chapter lines that reach the position and play a move from it. */
  total_games: z.number().int(),
  lowest_move_number: z.number().int(),
});
export type BookEntryAnswer = z.infer<typeof bookEntry>;

const openingBookAnswer = z.object({
  /** The book by position (FEN without move counters), as JSON text (an object with book_format=object). */
  book: z.union([z.string(), z.record(z.string(), bookEntry)]),
  name: z.string(),
  color,
});

export const openingsApi = {
  /**
   * Sent as prepared bytes (made once per repertoire, compressed), which pass no serialiser: the schema
   * states the answer, a test holds what is sent to it (prepared-answers.test.ts).
   */
  consistencyCheck: endpoint({
    method: 'POST',
    path: '/api/consistency_check',
    body: openingForm,
    bodyKind: 'multipart',
    answer: consistencyAnswer,
    errors: [400],
  }),
  /** The comparison as text/plain; with format=json a CheckOpeningAnswer. */
  checkOpening: endpoint({
    method: 'POST',
    path: '/api/check_opening',
    body: checkOpeningForm,
    bodyKind: 'multipart',
    answer: z.union([checkOpeningAnswer, z.string()]),
    errors: [400],
  }),
  /** Sent as prepared bytes, as the consistency check. */
  createOpeningBook: endpoint({
    method: 'POST',
    path: '/api/create_opening_book',
    body: openingBookForm,
    bodyKind: 'multipart',
    answer: openingBookAnswer,
    errors: [400],
  }),
};
