/**
 * Links to the Lichess analysis board: the cleaned PGN (main line only; comments, clocks,
 * evals, NAGs and variations stripped), the board orientation and an optional move.
 *
 *   makeAnalysisLink(game, 'black', 3)
 *   === 'https://lichess.org/analysis/pgn/1.%20e4%20e5%202.%20Nf3?color=black#3'
 */
import { Result } from '@badrap/result';
import { INITIAL_FEN } from 'chessops/fen';
import { makeLinePgn } from './pgn-write.js';
import { parsePgn, replayGame, type PgnParseError, type PlayedGame } from './pgn.js';
import type { Color } from './repertoire.js';

export const ANALYSIS_BASE_URL = 'https://lichess.org/analysis/pgn/';

/** Main line movetext, with a FEN tag when the game starts from a set-up position. */
export const cleanPgn = (game: PlayedGame): string => {
  const movetext = makeLinePgn(
    game.startFen,
    [...game.moves.mainline()].map((m) => m.san),
  );
  return game.startFen === INITIAL_FEN ? movetext : `[FEN "${game.startFen}"]\n${movetext}`;
};

// Lichess numbers plies from the standard start, so a set-up position starts part-way.
const startPly = (fen: string): number => {
  const [, turn, , , , fullmoves] = fen.split(' ');
  return (parseInt(fullmoves, 10) - 1) * 2 + (turn === 'b' ? 1 : 0);
};

/** ply: half-moves played from the game's start (0 = before the first move). */
export const makeAnalysisLink = (game: PlayedGame, color: Color, ply?: number): string => {
  const hash = ply === undefined ? '' : `#${startPly(game.startFen) + ply}`;
  return `${ANALYSIS_BASE_URL}${encodeURIComponent(cleanPgn(game))}?color=${color}${hash}`;
};

/** The same from PGN text (its first game); illegal moves are errors. */
export const makeAnalysisLinkFromPgn = (pgn: string, color: Color, ply?: number): Result<string, PgnParseError> =>
  parsePgn(pgn)
    .chain((games) => replayGame(games[0]))
    .map((game) => makeAnalysisLink(game, color, ply));
