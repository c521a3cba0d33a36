import type { ExcludeSymbol } from '../../../../chess/exclude-symbols';

export type Color = 'white' | 'black';

/** One side's study as get-studies returns it. */
export type Study = {
  color: Color;
  title: string;
  link: string | null;
  study_text: string;
  exclude_move_indicators: string;
  last_update: string;
};

export type Studies = { white: Study | null; black: Study | null };

export type StudySummary = { id: string; name: string };

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
