import type { Color } from '@contract/common';
import { repertoireApi, type EditAnswer, type EditRequest } from '@contract/repertoire';
import { callData } from './api';

/**
 * Edits of a colour's repertoire, kept beside its study: from the workshop, the suggested answer and
 * the trim. Each caller refreshes what its screen shows.
 */

/** Adds a line (every move of it), removes its last move and what hangs on it, or sets a note on it. */
export const editRepertoire = (request: EditRequest): Promise<EditAnswer> =>
  callData(repertoireApi.edit, { body: request });

/** Drops the colour's last edit (a whole trim at once). */
export const undoEdit = (color: Color): Promise<EditAnswer> => callData(repertoireApi.undo, { body: { color } });
