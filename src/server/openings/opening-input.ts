import type { Repertoire } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { repertoireFor } from './repertoire-cache.js';
import { excludeSymbolsOf, fieldText, parseColor, type FormBody } from './multipart-fields.js';

/** The spec's text for a failed consistency, comparison or coverage run, followed by the error. */
export const SORRY_PREFIX = "Sorry...something went wrong, we'll look into it: ";
export const NO_STUDY_TEXT = 'No study text';

/**
 * The repertoire a multipart opening form describes: opening_text (pasted or uploaded), color,
 * excludeSymbols[] and an optional opening_name, built through the repertoire cache. Bad input is a
 * BadRequestError (400).
 */
export async function repertoireFromForm(body: FormBody): Promise<Repertoire> {
  const text = fieldText(body, 'opening_text');
  if (text.trim() === '') throw new BadRequestError(NO_STUDY_TEXT);
  const color = parseColor(fieldText(body, 'color'));
  const excludeSymbols = excludeSymbolsOf(body);
  const name = fieldText(body, 'opening_name').trim() || undefined;
  return repertoireFor(text, { color, excludeSymbols, name });
}
