/**
 * Trim: the opponent replies in the repertoire that a game reaches less often than the goal, each
 * with what removing it drops (the player's moves reachable only through it). A reply after which the
 * opponent scores well over many games is `dangerous`: rare, but worth keeping unless picked.
 * Only the first reply below the goal on a line is listed: what lies past it goes with it.
 *
 *   trimLines(rep, statsByKey, 1 / 100) // [{ line: '1. e4 a6', reach: 0.004, own_moves: 3, ... }]
 */
import { computeReach, movesOf, shortestLines, statsTotal, type PositionStats } from './coverage.js';
import type { StatsByKey } from './expected-score.js';
import type { Color, Repertoire } from './repertoire.js';
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
  own_moves: number;
  /** Keys of the positions (player to move, with a move) that removing the reply drops: drill items. */
  positions: string[];
  /** Explorer games after the reply, and the opponent's score (0..1) in them. */
  games: number;
  opponent_score: number;
  dangerous: boolean;
}

const other = (color: Color): Color => (color === 'white' ? 'black' : 'white');

/** Keys reachable from `top` that no other way reaches, once the one move into `top` is taken out (as a remove edit does). */
function onlyThrough(rep: Repertoire, top: string, degree: ReadonlyMap<string, number>): string[] {
  const inside = new Map<string, number>([[top, 0]]);
  const queue = [top];
  for (let i = 0; i < queue.length; i++) {
    for (const m of rep.positions.get(queue[i])?.moves ?? []) {
      const seen = inside.get(m.to);
      if (seen === undefined) {
        inside.set(m.to, 1);
        queue.push(m.to);
      } else inside.set(m.to, seen + 1);
    }
  }
  const roots = new Set(rep.roots);
  const live = [...inside].filter(([key, n]) => roots.has(key) || (degree.get(key) ?? 0) - (key === top ? 1 : 0) > n);
  const alive = new Set(live.map(([key]) => key));
  const stack = [...alive];
  while (stack.length > 0) {
    for (const m of rep.positions.get(stack.pop()!)?.moves ?? []) {
      if (alive.has(m.to)) continue;
      alive.add(m.to);
      stack.push(m.to);
    }
  }
  return queue.filter((key) => !alive.has(key));
}

/** Rarest first (equal reach by line). */
export function trimLines(rep: Repertoire, stats: StatsByKey, goal: number): TrimLine[] {
  const reach = computeReach(rep, stats as Map<string, PositionStats>);
  const lines = shortestLines(rep);
  const degree = new Map<string, number>();
  for (const p of rep.positions.values()) for (const m of p.moves) degree.set(m.to, (degree.get(m.to) ?? 0) + 1);
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
      const dropped = onlyThrough(rep, reply.to, degree);
      const own = dropped.flatMap((key) => {
        const q = rep.positions.get(key);
        return q && q.turn === rep.color && q.moves.length > 0 ? [q] : [];
      });
      const opponentScore = counts ? moveScore(counts, other(rep.color)) : 0;
      found.push({
        line: lines.movetextWith(p.key, reply.san) ?? reply.san,
        fen: p.fen,
        san: reply.san,
        uci: reply.uci,
        reach: replyReach,
        own_moves: own.reduce((n, q) => n + q.moves.length, 0),
        positions: own.map((q) => q.key),
        games: replyGames,
        opponent_score: opponentScore,
        dangerous: replyGames >= DANGEROUS_GAMES && opponentScore >= DANGEROUS_SCORE,
      });
    }
  }
  return found.sort((a, b) => a.reach - b.reach || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
}
