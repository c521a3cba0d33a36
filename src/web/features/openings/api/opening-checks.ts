import {
  openingsApi,
  type CheckOpeningAnswer,
  type ConsistencyAnswer,
  type ComparedMove,
  type GameComparison,
} from '@contract/openings';
import { call } from '../../../lib/api';
import { openingFields, type OpeningInput } from './types';

export type { ComparedMove, ConsistencyAnswer, GameComparison };
export type ConsistencyPosition = ConsistencyAnswer['results_dict'][number];

export const consistencyCheck = (opening: OpeningInput) =>
  call(openingsApi.consistencyCheck, { body: openingFields(opening) });

/** The comparison as plain text. */
export const checkOpeningText = (opening: OpeningInput, gameText: string, gameName?: string) =>
  call(openingsApi.checkOpening, {
    body: { ...openingFields(opening), game_text: gameText, game_name: gameName },
  }) as Promise<string>;

/** With the structured comparison, for making a card from it. */
export const checkOpening = (opening: OpeningInput, gameText: string, gameName?: string) =>
  call(openingsApi.checkOpening, {
    body: { ...openingFields(opening), game_text: gameText, game_name: gameName, format: 'json' },
  }) as Promise<CheckOpeningAnswer>;

/** The book comes as JSON text, which is parsed here (an object is taken as it is). */
export const createOpeningBook = async (opening: OpeningInput): Promise<Record<string, unknown>> => {
  const answer = await call(openingsApi.createOpeningBook, { body: openingFields(opening) });
  return typeof answer.book === 'string' ? (JSON.parse(answer.book) as Record<string, unknown>) : answer.book;
};
