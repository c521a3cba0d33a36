/**
 * Best-first coverage: the positions a coverage check looks up, in decreasing reach, with
 * the holes found so far, the `bound` on everything still unexplored and how many leading holes are
 * `settled` (no later lookup can change them). The caller feeds the statistics step by step.
 *
 *   const walk = new CoverageWalk(rep);
 *   for (let next = walk.nextPosition(); next; next = walk.nextPosition())
 *     walk.addStats(next.key, statsFor(next.fen));   // cached or fetched: the order is the same
 *   walk.holes   // all holes, likeliest first; equal to coverageReport(rep, stats).holes
 *
 * Reach only falls along a line (shares are at most 1), so this is Dijkstra's walk with products:
 * the pending position of highest reach already has its final reach when it is taken.
 */
import { INITIAL_FEN } from 'chessops/fen';
import {
  coveragePositions,
  movesOf,
  shareOf,
  shortestLines,
  statsTotal,
  type CoverageReport,
  type PositionStats,
  type StatsByFen,
} from './coverage.js';
import { positionKey } from './fen.js';
import { comparePositions } from './order.js';
import { makeLinePgn } from './pgn-write.js';
import type { Repertoire, RepertoirePosition } from './repertoire.js';

/** An explorer move at a looked-up position that the repertoire does not answer. */
export interface Hole {
  /** The position before the move. */
  fen: string;
  /** Movetext from the start through the move. */
  line: string;
  san: string;
  uci: string;
  /** 0..1: how often a game from the start reaches the move (the position's reach times share). */
  reach: number;
  /** 0..1: the move's share of the position's games. */
  share: number;
  games: number;
}

export interface CoverageWalkSnapshot {
  /** The likeliest holes so far, likeliest first (at most `top`). */
  holes: Hole[];
  /** Leading holes (of all found) whose reach is above `bound`. */
  settled: number;
  /** 0..1: highest reach of a position still to look up; 0 when none. */
  bound: number;
  /** Positions looked up so far (cached or fetched). */
  done: number;
  total: number;
}

/** Likeliest first; equal reach by line, like the coverage report. */
export const compareHoles = (a: Hole, b: Hole): number =>
  b.reach - a.reach || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0);

/** The report's holes in the Hole shape. */
export const holesOfReport = (report: Pick<CoverageReport, 'holes'>): Hole[] =>
  report.holes.map(({ fen, line, move }) => ({
    fen,
    line,
    san: move.san,
    uci: move.uci,
    reach: move.reach!,
    share: move.share,
    games: move.games,
  }));

export class CoverageWalk {
  /** All holes found so far, likeliest first. */
  readonly holes: Hole[] = [];
  readonly total: number;
  private readonly targets: Set<string>;
  private readonly reach = new Map<string, number>();
  private readonly pending = new Set<string>();
  private readonly lookedUp = new Set<string>();
  private readonly lines: ReturnType<typeof shortestLines>;
  private boundValue = 0;

  constructor(private readonly rep: Repertoire) {
    this.targets = new Set(coveragePositions(rep).map((p) => p.key));
    this.total = this.targets.size;
    this.lines = shortestLines(rep);
    const start = positionKey(INITIAL_FEN);
    if (rep.positions.has(start)) this.discover(start, 1);
    this.updateBound();
  }

  get done(): number {
    return this.lookedUp.size;
  }

  get bound(): number {
    return this.boundValue;
  }

  get settled(): number {
    let n = 0;
    while (n < this.holes.length && this.holes[n].reach > this.boundValue) n++;
    return n;
  }

  /** The position to look up next, or undefined when every one has been. */
  nextPosition(): { key: string; fen: string } | undefined {
    let best: RepertoirePosition | undefined;
    let bestReach = -1;
    for (const key of this.pending) {
      const p = this.rep.positions.get(key)!;
      const r = this.reach.get(key)!;
      if (r > bestReach || (r === bestReach && comparePositions(p, best!) < 0)) {
        best = p;
        bestReach = r;
      }
    }
    // Positions no line from the standard start reaches (FEN chapters) come last, in report order.
    if (!best)
      for (const key of this.targets)
        if (!this.lookedUp.has(key)) {
          const p = this.rep.positions.get(key)!;
          if (!best || comparePositions(p, best) < 0) best = p;
        }
    return best && { key: best.key, fen: best.fen };
  }

  /** Records the statistics of a position (mutates the walk): its holes, and the reach it passes on. */
  addStats(key: string, stats: PositionStats): void {
    const p = this.rep.positions.get(key);
    if (!p || !this.targets.has(key) || this.lookedUp.has(key)) return;
    this.lookedUp.add(key);
    this.pending.delete(key);
    const r = this.reach.get(key);
    if (r !== undefined) {
      for (const m of p.moves) this.discover(m.to, r * shareOf(stats, m.san, m.uci));
      this.addHoles(p, r, stats);
    }
    this.updateBound();
  }

  snapshot(top = 20): CoverageWalkSnapshot {
    return {
      holes: this.holes.slice(0, top),
      settled: this.settled,
      bound: this.bound,
      done: this.done,
      total: this.total,
    };
  }

  // Own moves keep the reach; positions with the opponent to move wait for their statistics.
  private discover(from: string, fromReach: number): void {
    const stack: [string, number][] = [[from, fromReach]];
    while (stack.length > 0) {
      const [key, r] = stack.pop()!;
      if (r <= (this.reach.get(key) ?? -1)) continue;
      this.reach.set(key, r);
      const p = this.rep.positions.get(key);
      if (!p) continue;
      if (p.turn === this.rep.color) for (const m of p.moves) stack.push([m.to, r]);
      else if (this.targets.has(key) && !this.lookedUp.has(key)) this.pending.add(key);
    }
  }

  private addHoles(p: RepertoirePosition, r: number, stats: PositionStats): void {
    const games = statsTotal(stats);
    const line = this.lines.get(p.key);
    for (const m of movesOf(stats)) {
      if (p.moves.some((rm) => rm.san === m.san || rm.uci === m.uci)) continue;
      const share = games > 0 ? statsTotal(m) / games : 0;
      const hole: Hole = {
        fen: p.fen,
        line: line ? makeLinePgn(line.start, [...line.sans, m.san]) : m.san,
        san: m.san,
        uci: m.uci,
        reach: r * share,
        share,
        games: statsTotal(m),
      };
      // Binary insertion keeps the list sorted without re-sorting after every lookup.
      let lo = 0;
      let hi = this.holes.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compareHoles(this.holes[mid], hole) <= 0) lo = mid + 1;
        else hi = mid;
      }
      this.holes.splice(lo, 0, hole);
    }
  }

  private updateBound(): void {
    let bound = 0;
    for (const key of this.pending) bound = Math.max(bound, this.reach.get(key)!);
    this.boundValue = bound;
  }
}

const NO_GAMES: PositionStats = { white: 0, draws: 0, black: 0, moves: [] };

/**
 * Lookups (explorer calls) until the top `top` holes are settled, estimated by walking the cached
 * statistics with every uncached position counted as one call that finds nothing; when the cached
 * part never settles them, the whole run (every uncached position).
 */
export function estimateLookupsUntilSettled(rep: Repertoire, cached: StatsByFen, top = 10): number {
  const known = cached instanceof Map ? cached : new Map(Object.entries(cached as Record<string, PositionStats>));
  const byKey = new Map<string, PositionStats>([...known.entries()].map(([fen, s]) => [positionKey(fen), s]));
  const walk = new CoverageWalk(rep);
  let calls = 0;
  let uncached = 0;
  for (const p of coveragePositions(rep)) if (!byKey.has(p.key)) uncached++;
  for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
    const stats = byKey.get(next.key);
    if (!stats) calls++;
    walk.addStats(next.key, stats ?? NO_GAMES);
    if (walk.holes.length >= top && walk.settled >= top) return calls;
  }
  return uncached;
}
