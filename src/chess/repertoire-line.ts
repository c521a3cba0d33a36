/**
 * A line of moves from the standard start, as an edit of a repertoire names it: each move with the
 * position keys it leaves and reaches.
 *
 *   parseRepertoireLine('1. e4 b6 2. d4').value.movetext === '1. e4 b6 2. d4'
 *   parseRepertoireLine('1. e4 e5 2. Ke3').error.message === 'The line has an illegal move: 2. Ke3'
 */
import { Result } from '@badrap/result';
import { INITIAL_FEN } from 'chessops/fen';
import { positionKey } from './fen.js';
import { makeLinePgn } from './pgn-write.js';
import { parseGames } from './pgn.js';
import { findUnreadToken } from './pgn-strict.js';
import type { LineStep } from './repertoire.js';

/** Moves in one line at most: deeper than any opening study goes. */
export const MAX_LINE_PLIES = 300;

export const LINE_ERROR_CODES = ['empty', 'not_a_line', 'illegal_move', 'too_long', 'not_from_start'] as const;
export type LineErrorCode = (typeof LINE_ERROR_CODES)[number];

export class LineError extends Error {
  constructor(
    readonly code: LineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LineError';
  }
}

export interface LineMove {
  san: string;
  uci: string;
  /** Key of the position the move is played in. */
  fromKey: string;
  /** Key and full FEN of the position it reaches. */
  toKey: string;
  toFen: string;
  /** The line up to and including this move. */
  step: LineStep;
}

export interface RepertoireLine {
  /** Normalised movetext, e.g. '1. e4 b6 2. d4'. */
  movetext: string;
  sans: string[];
  moves: LineMove[];
}

export const START_KEY = positionKey(INITIAL_FEN);

/** Reads movetext from the standard start: one line, no variations, every move legal. */
export const parseRepertoireLine = (text: string): Result<RepertoireLine, LineError> => {
  if (text.trim() === '') return Result.err(new LineError('empty', 'The line is empty'));
  const parsed = parseGames(text);
  if (parsed.isErr) {
    const error = parsed.error;
    if (error.code === 'illegal_move' && error.move)
      return Result.err(new LineError('illegal_move', `The line has an illegal move: ${error.move}`));
    if (error.code === 'empty' || error.code === 'not_pgn')
      return Result.err(new LineError('empty', 'The line has no moves'));
    return Result.err(new LineError('not_a_line', 'The line is not movetext such as 1. e4 e5 2. Nf3'));
  }
  const games = parsed.value;
  if (games.length !== 1) return Result.err(new LineError('not_a_line', 'The line must be one line of moves'));
  // The reader steps over words that are not moves (`2. Qxz9`): such a line is refused, not shortened.
  const unread = findUnreadToken(text);
  if (unread)
    return Result.err(new LineError('not_a_line', `In the line, ${unread.message.replace(/^Game 1 "[^"]*": /, '')}`));
  const game = games[0];
  if (game.startFen !== INITIAL_FEN)
    return Result.err(new LineError('not_from_start', 'The line must start from the standard position'));
  const moves: LineMove[] = [];
  let fromKey = START_KEY;
  let previous: LineStep | undefined;
  for (let node = game.moves; node.children.length > 0;) {
    if (node.children.length > 1)
      return Result.err(new LineError('not_a_line', 'The line must be one line of moves, without variations'));
    const child = node.children[0];
    const data = child.data;
    if (moves.length >= MAX_LINE_PLIES)
      return Result.err(new LineError('too_long', `The line is too long (at most ${MAX_LINE_PLIES} moves)`));
    const step: LineStep = { san: data.san, previous };
    const toKey = positionKey(data.fen);
    moves.push({ san: data.san, uci: data.uci, fromKey, toKey, toFen: data.fen, step });
    fromKey = toKey;
    previous = step;
    node = child;
  }
  if (moves.length === 0) return Result.err(new LineError('empty', 'The line has no moves'));
  const sans = moves.map((m) => m.san);
  return Result.ok({ movetext: makeLinePgn(INITIAL_FEN, sans), sans, moves });
};
