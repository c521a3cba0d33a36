import { parseExcludeSymbols } from '../../../../chess/exclude-symbols';
import type { OpeningInput, Study } from '../api/types';

/** A saved study as the input of the opening checks, with its own exclude-move indicators and the player's edits. */
export function openingFromStudy(study: Study): OpeningInput {
  const symbols = parseExcludeSymbols(study.exclude_move_indicators);
  return {
    text: study.study_text,
    fromStudy: true,
    color: study.color,
    excludeSymbols: symbols.isOk ? symbols.value : [],
    name: study.title || undefined,
  };
}
