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
import { BinaryHeap } from './binary-heap.js';
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
  /** Whether the reach is at or above the player's coverage goal; set where the goal is known. */
  needed?: boolean;
  /** Whether the repertoire answers the move now (an edit since the check); set where the repertoire is known. */
  answered?: boolean;
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

/** Whether two snapshots show the same live holes, settled count and bound (holes compared by identity). */
export const sameShownHoles = (a: CoverageWalkSnapshot | undefined, b: CoverageWalkSnapshot): boolean =>
  a !== undefined &&
  a.settled === b.settled &&
  a.bound === b.bound &&
  a.holes.length === b.holes.length &&
  a.holes.every((hole, i) => hole === b.holes[i]);

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

/** A pending position: its key and the reach it had when queued (stale once its reach has grown). */
interface Pending {
  p: RepertoirePosition;
  reach: number;
}

/** The leading holes kept in order for live snapshots; more are sorted from the whole list on demand. */
const LEADING = 64;

export class CoverageWalk {
  readonly total: number;
  private readonly targets: Set<string>;
  private readonly reach = new Map<string, number>();
  /** Positions to look up, highest reach first (ties in report order); stale entries are skipped. */
  private readonly pending = new BinaryHeap<Pending>(
    (a, b) => a.reach > b.reach || (a.reach === b.reach && comparePositions(a.p, b.p) < 0),
  );
  /** Positions no line from the standard start reaches (FEN chapters), in report order; taken last. */
  private readonly unreached: RepertoirePosition[];
  private unreachedAt = 0;
  private readonly lookedUp = new Set<string>();
  private readonly lines: ReturnType<typeof shortestLines>;
  private boundValue = 0;
  /** Every hole found, in the order found; sorted into `sorted` when the whole list is asked for. */
  private readonly found: Hole[] = [];
  private sorted: Hole[] | undefined = [];
  /** The likeliest holes, likeliest first, at most LEADING of them. */
  private readonly leading: Hole[] = [];
  /** Holes whose reach is above the bound are settled for good: the bound only falls. */
  private readonly unsettled = new BinaryHeap<Hole>((a, b) => a.reach > b.reach);
  private settledCount = 0;

  constructor(private readonly rep: Repertoire) {
    const targets = coveragePositions(rep);
    this.targets = new Set(targets.map((p) => p.key));
    this.total = this.targets.size;
    this.unreached = targets.map((t) => rep.positions.get(t.key)!);
    this.lines = shortestLines(rep);
    const start = positionKey(INITIAL_FEN);
    if (rep.positions.has(start)) this.discover(start, 1);
    this.updateBound();
  }

  /** All holes found so far, likeliest first. */
  get holes(): Hole[] {
    this.sorted ??= [...this.found].sort(compareHoles);
    return this.sorted;
  }

  get holeCount(): number {
    return this.found.length;
  }

  get done(): number {
    return this.lookedUp.size;
  }

  get bound(): number {
    return this.boundValue;
  }

  get settled(): number {
    return this.settledCount;
  }

  /** The position to look up next, or undefined when every one has been. */
  nextPosition(): { key: string; fen: string } | undefined {
    const top = this.topPending();
    if (top) return { key: top.p.key, fen: top.p.fen };
    // Positions no line from the standard start reaches come last, in report order.
    while (this.unreachedAt < this.unreached.length) {
      const p = this.unreached[this.unreachedAt];
      if (!this.lookedUp.has(p.key)) return { key: p.key, fen: p.fen };
      this.unreachedAt++;
    }
    return undefined;
  }

  /** Records the statistics of a position (mutates the walk): its holes, and the reach it passes on. */
  addStats(key: string, stats: PositionStats): void {
    const p = this.rep.positions.get(key);
    if (!p || !this.targets.has(key) || this.lookedUp.has(key)) return;
    this.lookedUp.add(key);
    const r = this.reach.get(key);
    if (r !== undefined) {
      for (const m of p.moves) this.discover(m.to, r * shareOf(stats, m.san, m.uci));
      this.addHoles(p, r, stats);
    }
    this.updateBound();
  }

  snapshot(top = 20): CoverageWalkSnapshot {
    return {
      holes: top <= LEADING ? this.leading.slice(0, top) : this.holes.slice(0, top),
      settled: this.settled,
      bound: this.bound,
      done: this.done,
      total: this.total,
    };
  }

  /** The pending position of highest reach, dropping entries looked up or since reached more likely. */
  private topPending(): Pending | undefined {
    for (let top = this.pending.peek(); top; top = this.pending.peek()) {
      if (!this.lookedUp.has(top.p.key) && this.reach.get(top.p.key) === top.reach) return top;
      this.pending.pop();
    }
    return undefined;
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
      else if (this.targets.has(key) && !this.lookedUp.has(key)) this.pending.push({ p, reach: r });
    }
  }

  private addHoles(p: RepertoirePosition, r: number, stats: PositionStats): void {
    const games = statsTotal(stats);
    for (const m of movesOf(stats)) {
      if (p.moves.some((rm) => rm.san === m.san || rm.uci === m.uci)) continue;
      const share = games > 0 ? statsTotal(m) / games : 0;
      const hole: Hole = {
        fen: p.fen,
        line: this.lines.movetextWith(p.key, m.san) ?? m.san,
        san: m.san,
        uci: m.uci,
        reach: r * share,
        share,
        games: statsTotal(m),
      };
      this.found.push(hole);
      this.sorted = undefined;
      this.unsettled.push(hole);
      this.addLeading(hole);
    }
  }

  /** Binary insertion into the short list of leading holes; the one pushed past its end drops out. */
  private addLeading(hole: Hole): void {
    const leading = this.leading;
    if (leading.length >= LEADING && compareHoles(leading[leading.length - 1], hole) <= 0) return;
    let lo = 0;
    let hi = leading.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareHoles(leading[mid], hole) <= 0) lo = mid + 1;
      else hi = mid;
    }
    leading.splice(lo, 0, hole);
    if (leading.length > LEADING) leading.pop();
  }

  private updateBound(): void {
    this.boundValue = this.topPending()?.reach ?? 0;
    for (let top = this.unsettled.peek(); top && top.reach > this.boundValue; top = this.unsettled.peek()) {
      this.unsettled.pop();
      this.settledCount++;
    }
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
    if (walk.holeCount >= top && walk.settled >= top) return calls;
  }
  return uncached;
}
