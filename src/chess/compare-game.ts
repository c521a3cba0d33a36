/**
 * Compares a game with a repertoire: follows the game's moves through the repertoire to
 * the first move that is not in it, or to where the repertoire's line or the game ends.
 *
 *   compareGame(rep, game).text
 *   -> 'Opening: My Sicilian\nGame: alice vs. bob\nYour opponent left the repertoire at move 3 ...'
 */
import { Result } from '@badrap/result';
import { positionKey } from './fen.js';
import { findGameOpening } from './game-record.js';
import { makeLinePgn } from './pgn-write.js';
import { moveLabel, parsePgn, replayGame, type PgnParseError, type PlayedGame } from './pgn.js';
import type { Color, Repertoire } from './repertoire.js';
import { moveAnnotation } from './repertoire-notes.js';

export const COMPARISON_OUTCOMES = ['left', 'end_of_line', 'game_ended', 'not_in_repertoire', 'no_moves'] as const;
export type ComparisonOutcome = (typeof COMPARISON_OUTCOMES)[number];

export interface ComparedMove {
  san: string;
  uci: string;
  /** The study's words on a repertoire move (with the player's own note), where it has any. */
  comment?: string;
}

export interface GameComparison {
  outcome: ComparisonOutcome;
  openingName: string;
  gameName: string;
  /** Half-moves played before the position in question (0 = the game's start). */
  ply: number;
  /** Full-move number of that position. */
  moveNumber: number;
  turn: Color;
  /** Whose move it was: the repertoire's colour is the player. */
  side: 'player' | 'opponent';
  /** FEN of the position where the game left the repertoire (or where it stopped). */
  fen: string;
  /** The game's move there; undefined when the game had no further move. */
  played: ComparedMove | undefined;
  /** The repertoire's moves there (the answer a flashcard would ask for). */
  repertoireMoves: ComparedMove[];
  /** Movetext of the game up to that position. */
  line: string;
  /** Game record fields this comparison fills. */
  record: { heroOpening: string; actualOpening: string; howLeftOpening: string; moveLeftOpening: string | null };
  text: string;
}

export interface CompareOptions {
  openingName?: string;
  gameName?: string;
}

export const compareGame = (rep: Repertoire, game: PlayedGame, options: CompareOptions = {}): GameComparison => {
  const openingName = options.openingName ?? rep.name;
  const gameName = options.gameName ?? game.name;
  const moves = [...game.moves.mainline()];
  let fen = game.startFen;
  let ply = 0;
  let outcome: ComparisonOutcome | undefined;
  let position = rep.positions.get(positionKey(fen));
  if (moves.length === 0) outcome = 'no_moves';
  else if (!position) outcome = 'not_in_repertoire';
  while (!outcome) {
    if (position!.moves.length === 0) outcome = 'end_of_line';
    else if (ply === moves.length) outcome = 'game_ended';
    else {
      const uci = moves[ply].uci;
      const move = position!.moves.find((m) => m.uci === uci);
      if (!move) outcome = 'left';
      else {
        fen = moves[ply].fen;
        position = rep.positions.get(move.to);
        ply++;
      }
    }
  }
  const turn: Color = fen.split(' ')[1] === 'w' ? 'white' : 'black';
  const moveNumber = parseInt(fen.slice(fen.lastIndexOf(' ') + 1), 10) || 1;
  const side = turn === rep.color ? 'player' : 'opponent';
  const next = moves[ply];
  const played = next && { san: next.san, uci: next.uci };
  const repertoireMoves =
    outcome === 'not_in_repertoire' || !position
      ? []
      : position.moves.map((m): ComparedMove => {
          const { comment } = moveAnnotation(rep, position.key, m.uci);
          return comment ? { san: m.san, uci: m.uci, comment } : { san: m.san, uci: m.uci };
        });
  const comparison = { outcome, ply, moveNumber, turn, side, played, repertoireMoves } as const;
  const how = describe(comparison);
  const moveLeft = outcome === 'left' && played ? moveLabel(moveNumber, turn, played.san) : null;
  return {
    ...comparison,
    openingName,
    gameName,
    fen,
    line: makeLinePgn(
      game.startFen,
      moves.slice(0, ply).map((m) => m.san),
    ),
    record: {
      heroOpening: openingName,
      actualOpening: findGameOpening(game.headers),
      howLeftOpening: how,
      moveLeftOpening: moveLeft,
    },
    text: `Opening: ${openingName}\nGame: ${gameName}\n${how}`,
  };
};

interface Described {
  outcome: ComparisonOutcome;
  ply: number;
  moveNumber: number;
  turn: Color;
  side: 'player' | 'opponent';
  played: ComparedMove | undefined;
  repertoireMoves: ComparedMove[];
}

const describe = (c: Described): string => {
  const label = (san: string) => moveLabel(c.moveNumber, c.turn, san);
  const list = (ms: ComparedMove[]) => ms.map((m) => label(m.san)).join(', ');
  switch (c.outcome) {
    case 'no_moves':
      return 'The game has no moves.';
    case 'not_in_repertoire':
      return 'The game does not start from a position in the repertoire.';
    case 'end_of_line':
      return c.ply === 0
        ? "The repertoire has no moves from the game's starting position."
        : `The game stayed in the repertoire until its line ended after ${c.ply} half-moves (move ${c.moveNumber}).`;
    case 'game_ended':
      return `The game ended at move ${c.moveNumber} while still in the repertoire (next: ${list(c.repertoireMoves)}).`;
    case 'left':
      return c.side === 'player'
        ? `You left the repertoire at move ${c.moveNumber} on your move: you played ${label(c.played!.san)}; the repertoire plays ${list(c.repertoireMoves)}.`
        : `Your opponent left the repertoire at move ${c.moveNumber}: they played ${label(c.played!.san)}; the repertoire expects ${list(c.repertoireMoves)}.`;
  }
};

/** Parses the game text (the first game in it) and compares it. */
export const compareGamePgn = (
  rep: Repertoire,
  gameText: string,
  options: CompareOptions = {},
): Result<GameComparison, PgnParseError> =>
  parsePgn(gameText)
    .chain((games) => replayGame(games[0]))
    .map((game) => compareGame(rep, game, options));
