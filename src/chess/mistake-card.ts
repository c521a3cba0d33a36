import { makeFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { positionKey } from './fen.js';
import { mainlineMoves, moveLabel, parseGames } from './pgn.js';
import { makeLinePgnWithSetup } from './pgn-write.js';
import { positionFromFen } from './position-from-fen.js';
import type { Side } from './win-chance.js';

/**
 * The flashcard made from a mistake in a game: the position before the player's move (whose move it
 * is and the move that led there in the prompt, the game's moves up to it as its PGN), and the better
 * move on the answer board. Titled by the game and the move.
 *
 *   makeMistakeCard({ title: 'alice vs. bob', startFen, sans: ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6'],
 *     ply: 6, better: 'g6', kind: 'blunder' })
 *   // prompt: 'alice vs. bob, 3... Nf6 (blunder)\nBlack to move after 3. Bc4: find a better move.'
 */

export interface MistakeCardInput {
  /** The game's name, e.g. 'alice vs. bob, 2026-01-30'. */
  title: string;
  startFen: string;
  /** The game's moves, SAN, from its start. */
  sans: readonly string[];
  /** The mistake's half-move, 1 = the first move. */
  ply: number;
  /** SAN of the better move at the position before the mistake. */
  better: string;
  /** 'inaccuracy', 'mistake', 'blunder', or null for one marked by hand. */
  kind: string | null;
}

export interface MistakeCard {
  prompt: string;
  promptFen: string;
  promptPgn: string;
  answer: string;
  answerFen: string;
  answerPgn: string;
  orientation: Side;
}

const capitalised = (side: Side) => (side === 'white' ? 'White' : 'Black');

/** The card, or undefined when the half-move is not in the game or a move does not play. */
export function makeMistakeCard(input: MistakeCardInput): MistakeCard | undefined {
  const { startFen, sans, ply, better } = input;
  if (ply < 1 || ply > sans.length) return undefined;
  const pos = positionFromFen(startFen);
  if (!pos) return undefined;
  let last: string | undefined;
  for (const san of sans.slice(0, ply - 1)) {
    const move = parseSan(pos, san);
    if (!move) return undefined;
    last = moveLabel(pos.fullmoves, pos.turn, san);
    pos.play(move);
  }
  const promptFen = makeFen(pos.toSetup());
  const mover = pos.turn;
  const played = moveLabel(pos.fullmoves, mover, sans[ply - 1]);
  const betterMove = parseSan(pos, better);
  if (!betterMove) return undefined;
  pos.play(betterMove);
  const heading = `${input.title}, ${played}${input.kind ? ` (${input.kind})` : ''}`;
  const ask = `${capitalised(mover)} to move${last ? ` after ${last}` : ''}: find a better move.`;
  return {
    prompt: `${heading}\n${ask}`,
    promptFen,
    promptPgn: makeLinePgnWithSetup(startFen, sans.slice(0, ply - 1)),
    answer: `${better} (the engine's choice; you played ${sans[ply - 1]})`,
    answerFen: makeFen(pos.toSetup()),
    answerPgn: better,
    orientation: mover,
  };
}

/**
 * The squares of the move that led to a card's prompt position, read from its PGN; undefined when the
 * PGN does not end at the prompt (a card written by hand) or has no move.
 */
export function promptLastMove(promptPgn: string, promptFen: string): { from: string; to: string } | undefined {
  if (!promptPgn.trim()) return undefined;
  const parsed = parseGames(promptPgn, { lenient: true });
  if (parsed.isErr || parsed.value.length === 0) return undefined;
  const moves = mainlineMoves(parsed.value[0]);
  const last = moves.at(-1);
  if (!last || positionKey(last.fen) !== positionKey(promptFen)) return undefined;
  // Castling is written king-to-rook by chessops: the king's two-square move is what a board marks.
  const from = last.uci.slice(0, 2);
  const castle = last.san.startsWith('O-O-O') ? 'c' : last.san.startsWith('O-O') ? 'g' : undefined;
  const to = castle ? `${castle}${from[1]}` : last.uci.slice(2, 4);
  return { from, to };
}
