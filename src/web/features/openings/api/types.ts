import type { ExcludeSymbol } from '../../../../chess/exclude-symbols';
import type { Color } from '@contract/common';

export type { Color };
export type { Studies, Study, StudySummary } from '@contract/studies';

/** What the opening checks are run on: a PGN text and its settings. */
export type OpeningInput = {
  text: string;
  color: Color;
  excludeSymbols: readonly ExcludeSymbol[];
  name?: string;
};

export const openingFields = (opening: OpeningInput) => ({
  opening_text: opening.text,
  color: opening.color,
  'excludeSymbols[]': [...opening.excludeSymbols],
  opening_name: opening.name,
});
