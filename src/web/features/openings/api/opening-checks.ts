import { apiPostMultipart } from '../../../lib/api-client';
import { openingFields, type OpeningInput } from './types';

export type ConsistencyChapter = { name: string; pgn: string };
export type ConsistencyMove = { san: string; uci: string; chapters: ConsistencyChapter[] };
export type ConsistencyPosition = {
  fen: string;
  turn: 'white' | 'black';
  move_number: number;
  line: string;
  moves: ConsistencyMove[];
};
export type ConsistencyAnswer = { results: string; results_dict: ConsistencyPosition[] };

export const consistencyCheck = (opening: OpeningInput) =>
  apiPostMultipart<ConsistencyAnswer>('/api/consistency_check', openingFields(opening));

export type ComparedMove = { san: string; uci: string };
export type GameComparison = {
  outcome: 'left' | 'end_of_line' | 'game_ended' | 'not_in_repertoire' | 'no_moves';
  openingName: string;
  gameName: string;
  ply: number;
  moveNumber: number;
  turn: 'white' | 'black';
  side: 'player' | 'opponent';
  fen: string;
  played: ComparedMove | undefined;
  repertoireMoves: ComparedMove[];
  line: string;
  text: string;
};

/** Plain text per spec 7. */
export const checkOpeningText = (opening: OpeningInput, gameText: string, gameName?: string) =>
  apiPostMultipart<string>('/api/check_opening', {
    ...openingFields(opening),
    game_text: gameText,
    game_name: gameName,
  });

/** With the structured comparison, for making a card from it. */
export const checkOpening = (opening: OpeningInput, gameText: string, gameName?: string) =>
  apiPostMultipart<{ results: string; comparison: GameComparison }>('/api/check_opening', {
    ...openingFields(opening),
    game_text: gameText,
    game_name: gameName,
    format: 'json',
  });

/** The book comes as an object; a server from before that sent it as JSON text, which is parsed. */
export const createOpeningBook = async (opening: OpeningInput) => {
  const answer = await apiPostMultipart<{ book: string | Record<string, unknown> }>(
    '/api/create_opening_book',
    openingFields(opening),
  );
  return typeof answer.book === 'string' ? (JSON.parse(answer.book) as Record<string, unknown>) : answer.book;
};
