import type {
  CheckOpeningAnswer,
  ConsistencyAnswer,
  ComparedMove,
  GameComparison,
  OpeningBookAnswer,
} from '@contract/openings';
import { apiPostMultipart } from '../../../lib/api-client';
import { openingFields, type OpeningInput } from './types';

export type { ComparedMove, ConsistencyAnswer, GameComparison };
export type ConsistencyPosition = ConsistencyAnswer['results_dict'][number];

export const consistencyCheck = (opening: OpeningInput) =>
  apiPostMultipart<ConsistencyAnswer>('/api/consistency_check', openingFields(opening));

/** The comparison as plain text. */
export const checkOpeningText = (opening: OpeningInput, gameText: string, gameName?: string) =>
  apiPostMultipart<string>('/api/check_opening', {
    ...openingFields(opening),
    game_text: gameText,
    game_name: gameName,
  });

/** With the structured comparison, for making a card from it. */
export const checkOpening = (opening: OpeningInput, gameText: string, gameName?: string) =>
  apiPostMultipart<CheckOpeningAnswer>('/api/check_opening', {
    ...openingFields(opening),
    game_text: gameText,
    game_name: gameName,
    format: 'json',
  });

/** The book comes as an object; a server from before that sent it as JSON text, which is parsed. */
export const createOpeningBook = async (opening: OpeningInput) => {
  const answer = await apiPostMultipart<OpeningBookAnswer>('/api/create_opening_book', openingFields(opening));
  return answer.book;
};
