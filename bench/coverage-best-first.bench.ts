// Best-first coverage on a generated 1,200-position White repertoire with explorer-like shares
// (a few moves per position, the most played far ahead: share ~ 1 / rank^1.3). Nothing cached:
// how many lookups until the ten likeliest holes are final (settled), that as a share of the whole
// run, and the time that takes at the explorer's pace of 1.2 s a lookup.
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { CoverageWalk, type PositionStats } from '../src/chess/index';
import { buildRepertoireFromPgn } from '../src/chess/repertoire';
import { chooser, movetext } from './seeded-moves';

const TARGET_POSITIONS = 1_200;
const TOP = 10;
const SECONDS_PER_LOOKUP = 1.2;

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests)
      moves.push(pawn && (to >> 3 === 0 || to >> 3 === 7) ? { from, to, promotion: 'queen' } : { from, to });
  }
  return moves.sort((a, b) => (makeUci(a) < makeUci(b) ? -1 : 1));
};

/**
 * Grows the repertoire where games go: the likeliest Black-to-move position is answered next. There
 * the explorer lists 3..8 moves; the repertoire answers the most played until 80..97% of the games
 * are covered (at most four), and White replies with one move to each.
 */
function generate() {
  const pick = chooser(11);
  const stats = new Map<string, PositionStats>();
  type Node = { pos: Chess; sans: string[]; reach: number };
  const start = Chess.default();
  const first = legalMoves(start)[pick(20)];
  const afterFirst = start.clone();
  const firstSan = makeSan(start, first);
  afterFirst.play(first);
  const frontier: Node[] = [{ pos: afterFirst, sans: [firstSan], reach: 1 }];
  const lines: string[][] = [];
  while (stats.size < TARGET_POSITIONS && frontier.length > 0) {
    frontier.sort((a, b) => b.reach - a.reach);
    const node = frontier.shift()!;
    const fen = makeFen(node.pos.toSetup());
    if (stats.has(fen)) continue;
    const legal = legalMoves(node.pos);
    if (legal.length === 0) {
      lines.push(node.sans);
      continue;
    }
    const offset = pick(legal.length);
    const listed = Array.from(
      { length: Math.min(legal.length, 3 + pick(6)) },
      (_, i) => legal[(offset + i * 7) % legal.length],
    );
    const unique = [...new Map(listed.map((m) => [makeUci(m), m])).values()];
    const weights = unique.map((_, rank) => 1 / Math.pow(rank + 1, 1.3));
    const sum = weights.reduce((a, b) => a + b, 0);
    const games = 100_000 * node.reach;
    const moves = unique.map((m, rank) => ({
      uci: makeUci(m),
      san: makeSan(node.pos, m),
      white: Math.round((games * weights[rank]) / sum),
      draws: 0,
      black: 0,
    }));
    stats.set(fen, { white: moves.reduce((n, m) => n + m.white, 0), draws: 0, black: 0, moves });
    // A prepared player answers the main moves: until 80..97% of games are covered, at most four.
    const aim = 0.8 + pick(18) / 100;
    let answered = 0;
    for (let covered = 0; answered < 4 && covered < aim; answered++) covered += weights[answered] / sum;
    for (let rank = 0; rank < Math.min(answered, unique.length); rank++) {
      const afterBlack = node.pos.clone();
      const blackSan = makeSan(afterBlack, unique[rank]);
      afterBlack.play(unique[rank]);
      const replies = legalMoves(afterBlack);
      if (replies.length === 0) {
        lines.push([...node.sans, blackSan]);
        continue;
      }
      const reply = replies[pick(Math.min(replies.length, 8))];
      const whiteSan = makeSan(afterBlack, reply);
      afterBlack.play(reply);
      frontier.push({
        pos: afterBlack,
        sans: [...node.sans, blackSan, whiteSan],
        reach: (node.reach * weights[rank]) / sum,
      });
    }
  }
  for (const node of frontier) lines.push(node.sans);
  const pgn = lines.map((sans) => `${movetext(sans)} *`).join('\n\n');
  return { rep: buildRepertoireFromPgn(pgn, { color: 'white' }).unwrap(), stats };
}

const { rep, stats } = generate();
const walk = new CoverageWalk(rep);
let untilSettled: number | undefined;
const started = performance.now();
for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
  walk.addStats(next.key, stats.get(next.fen) ?? { white: 0, draws: 0, black: 0, moves: [] });
  if (untilSettled === undefined && walk.holes.length >= TOP && walk.settled >= TOP) untilSettled = walk.done;
}
const walkMs = performance.now() - started;
const lookups = untilSettled ?? walk.total;
console.log(`coverage_best_first_positions: ${walk.total} positions`);
console.log(`coverage_lookups_until_top10_settled: ${lookups} lookups`);
console.log(`coverage_top10_settled_share: ${((100 * lookups) / walk.total).toFixed(1)} %`);
console.log(`coverage_top10_settled_at_1200ms: ${(lookups * SECONDS_PER_LOOKUP).toFixed(1)} s`);
console.log(`coverage_best_first_walk_time: ${walkMs.toFixed(0)} ms`);
