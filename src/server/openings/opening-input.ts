import { buildRepertoireFromPgn, type Repertoire } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { excludeSymbolsOf, fieldText, parseColor, type FormBody } from './multipart-fields.js';

/** The spec's text for a failed consistency, comparison or coverage run, followed by the error. */
export const SORRY_PREFIX = "Sorry...something went wrong, we'll look into it: ";
export const NO_STUDY_TEXT = 'No study text';

/**
 * The repertoire a multipart opening form describes: opening_text (pasted or uploaded), color,
 * excludeSymbols[] and an optional opening_name. Bad input is a BadRequestError (400).
 */
export function repertoireFromForm(body: FormBody): Repertoire {
  const text = fieldText(body, 'opening_text');
  if (text.trim() === '') throw new BadRequestError(NO_STUDY_TEXT);
  const color = parseColor(fieldText(body, 'color'));
  const excludeSymbols = excludeSymbolsOf(body);
  const name = fieldText(body, 'opening_name').trim() || undefined;
  const built = buildRepertoireFromPgn(text, { color, excludeSymbols, name });
  if (built.isErr) throw new BadRequestError(`The opening PGN could not be read: ${built.error.message}`);
  return built.value;
}
