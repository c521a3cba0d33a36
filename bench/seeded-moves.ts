// Seeded choices and move lists for the benches' generated repertoires and games, so every run
// measures the same data.
import { Chess, normalizeMove } from 'chessops/chess';
import { INITIAL_FEN } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import type { NormalMove } from 'chessops/types';
import { parseUci } from 'chessops/util';
import { positionKey, type Repertoire, type RepertoireMove } from '../src/chess/index.js';

/** A deterministic pick(n) in 0..n-1 from a seed. */
export function chooser(seed: number): (n: number) => number {
  let s = seed;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

/** Every legal move, promotions to a queen only; by from-square, then to-square (allDests' order). */
export function legalMoves(pos: Chess): NormalMove[] {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests)
      moves.push(pawn && (to >> 3 === 0 || to >> 3 === 7) ? { from, to, promotion: 'queen' } : { from, to });
  }
  return moves;
}

/** SAN moves from the start as numbered movetext: "1. e4 e5 2. Nf3". */
export const movetext = (sans: string[]): string =>
  sans.map((san, ply) => (ply % 2 === 0 ? `${ply / 2 + 1}. ${san}` : san)).join(' ');

/**
 * A game's SAN moves, up to `plies`: both sides follow the repertoire for 2 to 30 half-moves (picked
 * first), then play at random.
 */
export function gameThroughRepertoire(rep: Repertoire, pick: (n: number) => number, plies: number): string[] {
  const pos = Chess.default();
  const sans: string[] = [];
  const inBook = 2 + pick(29);
  let key: string | undefined = positionKey(INITIAL_FEN);
  for (let ply = 0; ply < plies; ply++) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    const book: RepertoireMove[] = key !== undefined && ply < inBook ? (rep.positions.get(key)?.moves ?? []) : [];
    const next: RepertoireMove | undefined = book.length > 0 ? book[pick(book.length)] : undefined;
    const parsed = next && parseUci(next.uci);
    const normal = parsed && normalizeMove(pos, parsed);
    const move = normal && pos.isLegal(normal) ? normal : undefined;
    const chosen = move ?? moves[pick(moves.length)];
    key = next && move ? next.to : undefined;
    sans.push(makeSan(pos, chosen));
    pos.play(chosen);
  }
  return sans;
}
