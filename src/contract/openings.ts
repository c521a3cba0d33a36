import type { ConsistencyResult } from '../chess/consistency.js';
import type { ComparedMove, GameComparison } from '../chess/compare-game.js';
import type { Color } from './common.js';
import { formBody, formField } from './common.js';
import { answerType, endpoint } from './endpoint.js';

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

export type ConsistencyAnswer = ConsistencyResult;
export type { ComparedMove, GameComparison };

export interface CheckOpeningAnswer {
  results: string;
  comparison: GameComparison;
}

const openingBookForm = formBody({
  ...openingFormFields,
  /** 'object' for the book as an object rather than JSON text. */
  book_format: formField.optional(),
  /** The older name of book_format ('object'; 'text' is the default). */
  format: formField.optional(),
});

interface OpeningBookAnswer {
  /** The book by position, {fen: {moves: {san: BookMove}}}, as JSON text (an object with book_format=object). */
  book: string | Record<string, unknown>;
  name: string;
  color: Color;
}

export const openingsApi = {
  consistencyCheck: endpoint({
    method: 'POST',
    path: '/api/consistency_check',
    body: openingForm,
    bodyKind: 'multipart',
    answer: answerType<ConsistencyAnswer>(),
    errors: [400],
  }),
  /** The comparison as text/plain; with format=json a CheckOpeningAnswer. */
  checkOpening: endpoint({
    method: 'POST',
    path: '/api/check_opening',
    body: checkOpeningForm,
    bodyKind: 'multipart',
    answer: answerType<CheckOpeningAnswer | string>(),
    errors: [400],
  }),
  createOpeningBook: endpoint({
    method: 'POST',
    path: '/api/create_opening_book',
    body: openingBookForm,
    bodyKind: 'multipart',
    answer: answerType<OpeningBookAnswer>(),
    errors: [400],
  }),
};
