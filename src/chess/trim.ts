/**
 * Trim: the opponent replies in the repertoire that a game reaches less often than the goal, each
 * with what removing it drops (the player's moves reachable only through it). A reply after which the
 * opponent scores well over many games is `dangerous`: rare, but worth keeping unless picked.
 * Only the first reply below the goal on a line is listed: what lies past it goes with it.
 *
 *   trimLines(rep, statsByKey, 1 / 100) // [{ line: '1. e4 a6', reach: 0.004, ownMoves: 3, ... }]
 */
import { computeReach, movesOf, shortestLines, statsTotal, type PositionStats } from './coverage.js';
import type { StatsByKey } from './expected-score.js';
import type { Color, Repertoire } from './repertoire.js';
import { repertoireIndex, type RepertoireIndex } from './repertoire-index.js';
import { moveScore } from './wilson.js';

/** The opponent's score after a reply from which it counts as dangerous, over at least DANGEROUS_GAMES. */
export const DANGEROUS_SCORE = 0.55;
export const DANGEROUS_GAMES = 100;

export interface TrimLine {
  /** Movetext from the start through the opponent's reply. */
  line: string;
  /** The position before the reply. */
  fen: string;
  san: string;
  uci: string;
  /** 0..1: how often a game from the start reaches the reply. */
  reach: number;
  /** The player's moves that only this reply reaches. */
  ownMoves: number;
  /** Keys of the positions (player to move, with a move) that removing the reply drops: drill items. */
  positions: string[];
  /** Explorer games after the reply, and the opponent's score (0..1) in them. */
  games: number;
  opponentScore: number;
  dangerous: boolean;
}

const other = (color: Color): Color => (color === 'white' ? 'black' : 'white');

/**
 * Positions reachable from `top` that no other way reaches, once the one move into `top` is taken out
 * (as a remove edit does): counted moves into each position from inside against all moves into it.
 */
function onlyThrough(index: RepertoireIndex, rootSet: Uint8Array, top: number, degree: Int32Array): number[] {
  const inside = new Map<number, number>([[top, 0]]);
  const queue = [top];
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q];
    for (let j = index.first[i]; j < index.first[i + 1]; j++) {
      const t = index.targets[j];
      if (t < 0) continue;
      const seen = inside.get(t);
      if (seen === undefined) {
        inside.set(t, 1);
        queue.push(t);
      } else inside.set(t, seen + 1);
    }
  }
  const alive = new Set<number>();
  for (const [i, n] of inside) if (rootSet[i] === 1 || degree[i] - (i === top ? 1 : 0) > n) alive.add(i);
  const stack = [...alive];
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let j = index.first[i]; j < index.first[i + 1]; j++) {
      const t = index.targets[j];
      if (t < 0 || alive.has(t)) continue;
      alive.add(t);
      stack.push(t);
    }
  }
  return queue.filter((i) => !alive.has(i));
}

/** Rarest first (equal reach by line). */
export function trimLines(rep: Repertoire, stats: StatsByKey, goal: number): TrimLine[] {
  const reach = computeReach(rep, stats as Map<string, PositionStats>);
  const lines = shortestLines(rep);
  const index = repertoireIndex(rep);
  const degree = new Int32Array(index.positions.length);
  for (const t of index.targets) if (t >= 0) degree[t] += 1;
  const rootSet = new Uint8Array(index.positions.length);
  for (const root of rep.roots) {
    const i = index.indexOf.get(root);
    if (i !== undefined) rootSet[i] = 1;
  }
  const found: TrimLine[] = [];
  for (const p of rep.positions.values()) {
    const s = p.turn === rep.color ? undefined : stats.get(p.key);
    const r = reach.get(p.key);
    // Past a position below the goal, the reply that led there is the one listed.
    if (!s || r === undefined || r < goal) continue;
    const games = statsTotal(s);
    for (const reply of p.moves) {
      const counts = movesOf(s).find((m) => m.uci === reply.uci || m.san === reply.san);
      const replyGames = counts ? statsTotal(counts) : 0;
      const replyReach = games > 0 ? (r * replyGames) / games : 0;
      if (replyReach >= goal) continue;
      const to = index.indexOf.get(reply.to);
      const dropped = to === undefined ? [] : onlyThrough(index, rootSet, to, degree);
      const own = dropped.flatMap((i) => {
        const q = index.positions[i];
        return q.turn === rep.color && q.moves.length > 0 ? [q] : [];
      });
      const opponentScore = counts ? moveScore(counts, other(rep.color)) : 0;
      found.push({
        line: lines.movetextWith(p.key, reply.san) ?? reply.san,
        fen: p.fen,
        san: reply.san,
        uci: reply.uci,
        reach: replyReach,
        ownMoves: own.reduce((n, q) => n + q.moves.length, 0),
        positions: own.map((q) => q.key),
        games: replyGames,
        opponentScore,
        dangerous: replyGames >= DANGEROUS_GAMES && opponentScore >= DANGEROUS_SCORE,
      });
    }
  }
  return found.sort((a, b) => a.reach - b.reach || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
}
