/**
 * Opening names by position: an index keyed like every other position in the app (the FEN without
 * move counters, en passant only where a capture is legal), so names meet at transpositions, and the
 * longest match along a line for positions past the named ones.
 *
 *   const index = buildOpeningIndex([['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -', {eco: 'B00', name: "King's Pawn Game"}]]);
 *   openingOfLine(index, '1. e4 c5 2. Nf3') // the name of the last named position along it
 */
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { keyOf, positionKey, validateFen } from './fen.js';
import { lineSanMoves } from './line-positions.js';
import { parseSanFast } from './san-parse-fast.js';

export interface OpeningName {
  eco: string;
  name: string;
}

export type OpeningIndex = ReadonlyMap<string, OpeningName>;

/** The index of (FEN or EPD, name) entries; entries that are not legal positions are left out. */
export const buildOpeningIndex = (entries: Iterable<readonly [string, OpeningName]>): OpeningIndex => {
  const index = new Map<string, OpeningName>();
  for (const [fen, opening] of entries) {
    const fields = fen.trim().split(/\s+/).slice(0, 4);
    if (fields.length < 4) continue;
    // Without an en passant square the key is the text itself; with one, chessops says whether it stays.
    if (fields[3] === '-' && validateFen(`${fields.join(' ')} 0 1`).isOk) {
      index.set(fields.join(' '), { eco: opening.eco, name: opening.name });
      continue;
    }
    const setup = parseFen(`${fields.join(' ')} 0 1`);
    if (setup.isErr) continue;
    const pos = Chess.fromSetup(setup.value);
    if (pos.isErr) continue;
    index.set(keyOf(pos.value), { eco: opening.eco, name: opening.name });
  }
  return index;
};

/** The name of exactly this position (a full FEN or a key), or null. */
export const openingAt = (index: OpeningIndex, fen: string): OpeningName | null => {
  const key = positionKey(fen);
  const found = index.get(key);
  if (found) return found;
  // An en passant square no pawn can take on is written '-' in the index.
  const fields = key.split(' ');
  if (fields.length === 4 && fields[3] !== '-') return index.get(`${fields.slice(0, 3).join(' ')} -`) ?? null;
  return null;
};

/** The name of the last named position among keys (a line's positions, in order), or null. */
export const openingAlong = (index: OpeningIndex, keys: readonly string[]): OpeningName | null => {
  for (let i = keys.length - 1; i >= 0; i--) {
    const found = openingAt(index, keys[i]);
    if (found) return found;
  }
  return null;
};

/** Keys of the positions a line passes through, the start first; stops at the first illegal move. */
export const lineKeys = (line: string | readonly string[]): string[] => {
  const sans = typeof line === 'string' ? lineSanMoves(line) : line;
  const pos = Chess.default();
  const keys = [keyOf(pos)];
  for (const san of sans) {
    const move = parseSanFast(pos, san, pos.ctx());
    if (!move) break;
    pos.play(move);
    keys.push(keyOf(pos));
  }
  return keys;
};

/** The opening of a line from the standard start: its longest named prefix, or null. */
export const openingOfLine = (index: OpeningIndex, line: string | readonly string[]): OpeningName | null =>
  openingAlong(index, lineKeys(line));
