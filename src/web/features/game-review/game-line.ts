// The mainline of a saved game as the board steps through it: the start position and, per move,
// its SAN, move number and the position after it. Index 0 is the start; index n is after move n.
//
//   readGameLine('1. e4 e5 *').value.moves[1] -> { ply: 2, san: 'e5', label: '1... e5', fen: '...', from: 'e7', to: 'e5' }
import { Result } from '@badrap/result';
import { makeAnalysisLink } from '../../../chess/analysis-link';
import { mainlineMoves, parseGames, type PlayedGame } from '../../../chess/pgn';

export type LineMove = {
  /** 1 for White's first move. */
  ply: number;
  san: string;
  /** 'N.' before a white move and 'N...' before a black one. */
  moveNumber: number;
  color: 'white' | 'black';
  /** Full FEN after the move. */
  fen: string;
  /** Squares for the last-move marks; castling as the king's two-square move. */
  from: string;
  to: string;
};

export type GameLine = {
  startFen: string;
  moves: LineMove[];
  game: PlayedGame;
};

/** Reads the first game's mainline; illegal or unreadable PGN fails with the chess core's message. */
export function readGameLine(pgn: string): Result<GameLine, Error> {
  const parsed = parseGames(pgn);
  if (parsed.isErr) return Result.err(parsed.error);
  const game = parsed.value[0];
  const startTurn = game.startFen.split(' ')[1] === 'b' ? 1 : 0;
  const startMove = Number(game.startFen.split(' ')[5]) || 1;
  const moves = mainlineMoves(game).map((move): LineMove => {
    const halfMoves = startTurn + move.ply - 1;
    const color = halfMoves % 2 === 0 ? 'white' : 'black';
    const [from, to] = squaresOf(move.uci, move.san, color);
    return {
      ply: move.ply,
      san: move.san,
      moveNumber: startMove + Math.floor(halfMoves / 2),
      color,
      fen: move.fen,
      from,
      to,
    };
  });
  return Result.ok({ startFen: game.startFen, moves, game });
}

/** The FEN shown at a step: the start at 0, else after move `index`. */
export function fenAt(line: GameLine, index: number): string {
  return index <= 0 ? line.startFen : line.moves[Math.min(index, line.moves.length) - 1].fen;
}

/** Keeps a step inside 0..number of moves. */
export function clampStep(line: GameLine, index: number): number {
  return Math.max(0, Math.min(line.moves.length, index));
}

/** '12. Nf3' or '12... Nc6'. */
export function moveText(move: LineMove): string {
  return `${move.moveNumber}${move.color === 'white' ? '.' : '...'} ${move.san}`;
}

function squaresOf(uci: string, san: string, color: 'white' | 'black'): [string, string] {
  const rank = color === 'white' ? '1' : '8';
  // chessops writes castling as king-to-rook (e1h1); show where the king lands.
  if (san.startsWith('O-O-O')) return [`e${rank}`, `c${rank}`];
  if (san.startsWith('O-O')) return [`e${rank}`, `g${rank}`];
  return [uci.slice(0, 2), uci.slice(2, 4)];
}

/** The Lichess analysis board at this step, oriented for `color` (the chess core's link). */
export function analysisLinkAt(line: GameLine, step: number, color: 'white' | 'black'): string {
  return makeAnalysisLink(line.game, color, step);
}
