/**
 * The player's positions along repertoire lines: the positions a line passes through, from the standard
 * start, where the player is to move and the repertoire has a move. A line is followed while its moves
 * are repertoire moves; it stops at the first one that is not.
 *
 *   playerPositionsAlong(whiteRep, ['1. e4 e5 2. Nf3 Nc6'])
 *   -> [key(start), key(after 1. e4 e5), key(after 2... Nc6)] (those the repertoire answers)
 */
import { INITIAL_FEN } from 'chessops/fen';
import { positionKey } from './fen.js';
import type { Repertoire } from './repertoire.js';

const START = positionKey(INITIAL_FEN);

/** The SAN moves of movetext: move numbers, results, comments and annotations left out. */
export const lineSanMoves = (movetext: string): string[] =>
  movetext
    .replace(/\{[^}]*\}/g, ' ')
    .split(/\s+/)
    .map((token) => token.replace(/^\d+\.+/, '').replace(/[!?]+$/, ''))
    .filter((token) => token !== '' && !/^(1-0|0-1|1\/2-1\/2|\*|\$\d+)$/.test(token));

/** Keys of the player's positions along the lines, each once, in the order first met. */
export const playerPositionsAlong = (rep: Repertoire, lines: readonly string[]): string[] => {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    let key: string | undefined = START;
    const sans = lineSanMoves(line);
    for (let i = 0; key !== undefined && i <= sans.length; i++) {
      const position = rep.positions.get(key);
      if (!position) break;
      if (position.turn === rep.color && position.moves.length > 0 && !seen.has(key)) {
        seen.add(key);
        found.push(key);
      }
      if (i === sans.length) break;
      key = position.moves.find((move) => move.san === sans[i])?.to;
    }
  }
  return found;
};
