import type { FastifyInstance } from 'fastify';
import { FROM_STUDY_FIELD } from '@contract/repertoire.js';
import type { Repertoire } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { editedRepertoire, md5, readStudyMeta, withEdits } from '../repertoire/edited-repertoire.js';
import { noStudyMessage } from '../repertoire/edits-store.js';
import { findStudyMd5 } from './studies-repository.js';
import { excludeSymbolsOf, fieldText, parseColor, type FormBody } from './multipart-fields.js';

/** The text shown for a failed consistency, comparison or coverage run, followed by the error. */
export const SORRY_PREFIX = "Sorry...something went wrong, we'll look into it: ";
export const NO_STUDY_TEXT = 'No study text';

/** The signed-in player a form is read for: their stored study of the colour carries their edits. */
export interface FormPlayer {
  app: FastifyInstance;
  userId: number;
}

const isOn = (value: string) => ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());

/**
 * The repertoire a multipart opening form describes: opening_text (pasted or uploaded), color,
 * excludeSymbols[] and an optional opening_name, built through the app's repertoire cache. Bad input
 * is a BadRequestError (400).
 *
 * `from_study=1` (and no text) reads the player's edited repertoire of the colour, with the stored
 * study's exclusions and name; an opening_text that is their stored study of the colour (same md5)
 * gets their edits applied too. Any other text is read as it is.
 */
export async function repertoireFromForm(body: FormBody, player: FormPlayer): Promise<Repertoire> {
  const color = parseColor(fieldText(body, 'color'));
  if (isOn(fieldText(body, FROM_STUDY_FIELD))) {
    const rep = await editedRepertoire(player.app, player.userId, color);
    if (!rep) throw new BadRequestError(noStudyMessage(color));
    return rep;
  }
  const text = fieldText(body, 'opening_text');
  if (text.trim() === '') throw new BadRequestError(NO_STUDY_TEXT);
  const excludeSymbols = excludeSymbolsOf(body);
  const name = fieldText(body, 'opening_name').trim() || undefined;
  const base = await player.app.repertoireCache.repertoireFor(text, { color, excludeSymbols, name });
  // One small read settles most forms: a text that is not the stored study gets no edits.
  const storedMd5 = await findStudyMd5(player.app.db, player.app.openingsMemory.studyMd5s, player.userId, color);
  if (storedMd5 === undefined || (storedMd5 !== null && storedMd5 !== md5Of(player.app, text))) return base;
  const study = await readStudyMeta(player.app, player.userId, color);
  if (!study || study.count === 0 || study.md5 !== md5Of(player.app, text)) return base;
  return withEdits(player.app, player.userId, color, base);
}

/** md5 of a text a form sent, worked out once while the app keeps it (a repeated check sends the same text). */
const md5Of = (app: FastifyInstance, text: string): string => {
  const md5s = app.openingsMemory.formMd5s;
  let hash = md5s.get(text);
  if (hash === undefined) md5s.set(text, (hash = md5(text)));
  return hash;
};
