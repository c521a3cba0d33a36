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

/** The book comes as JSON text, which is parsed here (an object is taken as it is). */
export const createOpeningBook = async (opening: OpeningInput): Promise<Record<string, unknown>> => {
  const answer = await apiPostMultipart<OpeningBookAnswer>('/api/create_opening_book', openingFields(opening));
  return typeof answer.book === 'string' ? (JSON.parse(answer.book) as Record<string, unknown>) : answer.book;
};
