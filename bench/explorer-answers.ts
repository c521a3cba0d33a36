// Made-up explorer answers for a generated repertoire, as if every lookup were cached: at each
// opponent-to-move position its repertoire moves and the first two other legal moves, scored by the
// bench, with the position's totals their sums.
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { coveragePositions, type ExplorerMoveStats, type Repertoire } from '../src/chess/index.js';

export type Scores = Pick<ExplorerMoveStats, 'white' | 'draws' | 'black'>;
export interface Answer extends Scores {
  moves: ExplorerMoveStats[];
}

/** By position key, in report order; `book(i)` and `other(i)` score a position's i-th move of each kind. */
export function madeUpAnswers(
  rep: Repertoire,
  book: (i: number) => Scores,
  other: (i: number) => Scores,
): Map<string, Answer> {
  const answers = new Map<string, Answer>();
  for (const { key, fen } of coveragePositions(rep)) {
    const p = rep.positions.get(key)!;
    const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    const known = new Set(p.moves.map((m) => m.uci));
    const others: NormalMove[] = [];
    for (const [from, dests] of pos.allDests())
      for (const to of dests) if (others.length < 2 && !known.has(makeUci({ from, to }))) others.push({ from, to });
    const moves = [
      ...p.moves.map((m, i) => ({ uci: m.uci, san: m.san, ...book(i) })),
      ...others.map((m, i) => ({ uci: makeUci(m), san: makeSan(pos, m), ...other(i) })),
    ];
    const sum = (k: keyof Scores) => moves.reduce((s, m) => s + m[k], 0);
    answers.set(key, { white: sum('white'), draws: sum('draws'), black: sum('black'), moves });
  }
  return answers;
}
