/**
 * Grading a drill answer: the move played (UCI) must be legal in the item's position; it is right
 * when it is one of the item's repertoire moves (compared by SAN, so either castling notation counts).
 *
 *   gradeDrillAnswer(START, 'e2e4', [{ uci: 'e2e4', san: 'e4' }]) -> ok({ correct: true, san: 'e4' })
 */
import { Result } from '@badrap/result';
import { Chess, normalizeMove } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { parseUci } from 'chessops/util';
import type { DrillAnswer } from './drill-deck.js';

export class DrillAnswerError extends Error {
  constructor(
    readonly code: 'bad_fen' | 'bad_uci' | 'illegal_move',
    message: string,
  ) {
    super(message);
  }
}

export interface GradedAnswer {
  correct: boolean;
  /** SAN of the move played. */
  san: string;
}

export const gradeDrillAnswer = (
  fen: string,
  uci: string,
  answers: readonly DrillAnswer[],
): Result<GradedAnswer, DrillAnswerError> => {
  const setup = parseFen(fen);
  if (setup.isErr) return Result.err(new DrillAnswerError('bad_fen', `The item's position cannot be read: ${fen}`));
  const pos = Chess.fromSetup(setup.value);
  if (pos.isErr) return Result.err(new DrillAnswerError('bad_fen', `The item's position is not legal: ${fen}`));
  const parsed = parseUci(uci.trim());
  if (!parsed) return Result.err(new DrillAnswerError('bad_uci', `'${uci}' is not a move in UCI notation (like e2e4)`));
  const move = normalizeMove(pos.value, parsed);
  if (!pos.value.isLegal(move))
    return Result.err(new DrillAnswerError('illegal_move', `Illegal move ${uci} in this position`));
  const san = makeSan(pos.value, move);
  return Result.ok({ correct: answers.some((a) => a.san === san), san });
};
