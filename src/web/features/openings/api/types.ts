import { FROM_STUDY_FIELD } from '@contract/repertoire';
import type { ExcludeSymbol } from '../../../../chess/exclude-symbols';
import type { Color } from '@contract/common';

export type { Color };
export type { Studies, Study, StudySummary } from '@contract/studies';

/** What the opening checks are run on: a PGN text and its settings. */
export type OpeningInput = {
  text: string;
  /**
   * The text is the player's stored study of `color`: the server reads that study with the player's
   * edits (`from_study`) instead of the text being sent again.
   */
  fromStudy?: boolean;
  color: Color;
  excludeSymbols: readonly ExcludeSymbol[];
  name?: string;
};

export const openingFields = (opening: OpeningInput) => ({
  ...(opening.fromStudy ? { [FROM_STUDY_FIELD]: '1' } : { opening_text: opening.text }),
  color: opening.color,
  'excludeSymbols[]': [...opening.excludeSymbols],
  opening_name: opening.name,
});
