/**
 * Coverage: for each repertoire position with the opponent to move, the share of real games
 * (Lichess explorer statistics, passed in) in which the opponent plays each move, and whether
 * the repertoire answers it. Uncovered moves carry how often a game from the start reaches
 * them (the product of the opponent's move shares along the likeliest line).
 *
 *   const fens = coveragePositions(rep).map((p) => p.fen);   // the server fetches these
 *   coverageReport(rep, statsByFen).text                     // 'Coverage Results for: ...'
 */
import { INITIAL_FEN } from 'chessops/fen';
import { BinaryHeap } from './binary-heap.js';
import { positionKey } from './fen.js';
import { comparePositions, runSteps } from './order.js';
import type { Color, Repertoire, RepertoirePosition } from './repertoire.js';
import { PositionValues, repertoireIndex } from './repertoire-index.js';
import { shortestLines } from './shortest-lines.js';

export { ShortestLines, shortestLines } from './shortest-lines.js';

/** Games the report scales reach to: 'reached in N of 10000 games'. */
export const PSEUDO_GAMES = 10_000;
export const SECONDS_PER_POSITION = 1.5;

export interface ExplorerMoveStats {
  uci: string;
  san: string;
  white: number;
  draws: number;
  black: number;
}

/** A Lichess explorer answer or a stored Stats record (whose moves may still be JSON text). */
export interface PositionStats {
  white: number;
  draws: number;
  black: number;
  moves: readonly ExplorerMoveStats[] | string;
}

export type StatsByFen = ReadonlyMap<string, PositionStats> | Readonly<Record<string, PositionStats>>;

export interface CoverageMove {
  san: string;
  uci: string;
  games: number;
  /** 0..1: share of the position's games in which the opponent plays this move. */
  share: number;
  /** share as a whole percentage (0 shows as 0%). */
  percent: number;
  covered: boolean;
  /** 0..1: how often a game from the start position reaches this move; undefined when unknown. */
  reach: number | undefined;
}

export interface CoveragePosition {
  key: string;
  fen: string;
  turn: Color;
  moveNumber: number;
  /** Movetext of a shortest line to the position. */
  line: string;
  hasStats: boolean;
  games: number;
  /** 0..1 like CoverageMove.reach. */
  reach: number | undefined;
  moves: CoverageMove[];
}

export interface CoverageReport {
  positions: CoveragePosition[];
  /** Every uncovered move with a known reach, likeliest first; line ends with the move. */
  holes: { fen: string; line: string; move: CoverageMove }[];
  /** Positions without statistics. */
  missing: string[];
  text: string;
}

export interface CoverageOptions {
  /** Also list positions where the repertoire's line ends (off by default: the study stops there on purpose). */
  includeLineEnds?: boolean;
  name?: string;
}

const isOpponentPosition = (rep: Repertoire, p: RepertoirePosition, options: CoverageOptions) =>
  p.turn !== rep.color && (options.includeLineEnds || p.moves.length > 0);

// The default list is asked for several times per check (walk, report, cache lookup): kept per repertoire.
const defaultPositions = new WeakMap<Repertoire, { key: string; fen: string }[]>();

/** The distinct positions, with the opponent to move, whose statistics the report needs (in report order; shared, not to be changed). */
export const coveragePositions = (
  rep: Repertoire,
  options: CoverageOptions = {},
): readonly { key: string; fen: string }[] => {
  const memo = !options.includeLineEnds;
  const known = memo ? defaultPositions.get(rep) : undefined;
  if (known) return known;
  const list = [...rep.positions.values()]
    .filter((p) => isOpponentPosition(rep, p, options))
    .sort(comparePositions)
    .map((p) => ({ key: p.key, fen: p.fen }));
  if (memo) defaultPositions.set(rep, list);
  return list;
};

export const estimateCoverageMinutes = (uncachedPositions: number): number =>
  (SECONDS_PER_POSITION * uncachedPositions) / 60;

export const makeCoverageTimeNote = (uncachedPositions: number): string => {
  const minutes = estimateCoverageMinutes(uncachedPositions);
  const about =
    minutes < 1 ? 'less than a minute' : `about ${Math.round(minutes)} minute${Math.round(minutes) === 1 ? '' : 's'}`;
  return `${uncachedPositions} position${uncachedPositions === 1 ? '' : 's'} to fetch from the Lichess explorer: ${about} (about ${SECONDS_PER_POSITION} s per position).`;
};

export const statsTotal = (s: { white: number; draws: number; black: number }) => s.white + s.draws + s.black;

export const movesOf = (stats: PositionStats): readonly ExplorerMoveStats[] => {
  if (typeof stats.moves !== 'string') return stats.moves;
  try {
    const parsed: unknown = JSON.parse(stats.moves);
    return Array.isArray(parsed) ? (parsed as ExplorerMoveStats[]) : [];
  } catch {
    return [];
  }
};

export const normaliseStats = (stats: StatsByFen): Map<string, PositionStats> => {
  const entries = stats instanceof Map ? [...stats.entries()] : Object.entries(stats as Record<string, PositionStats>);
  return new Map(entries.map(([fen, s]) => [positionKey(fen), s]));
};

export const shareOf = (stats: PositionStats | undefined, san: string, uci: string): number => {
  if (!stats) return 0;
  const games = statsTotal(stats);
  const move = movesOf(stats).find((m) => m.san === san || m.uci === uci);
  return games > 0 && move ? statsTotal(move) / games : 0;
};

// Likeliest-line reach, highest first (Dijkstra's order with products: shares are at most 1, so the
// position of highest reach still waiting has its final reach and is expanded once).
export const computeReach = (rep: Repertoire, stats: Map<string, PositionStats>): PositionValues => {
  const index = repertoireIndex(rep);
  const reach = new Float64Array(index.positions.length).fill(NaN);
  const startAt = index.indexOf.get(positionKey(INITIAL_FEN));
  if (startAt === undefined) return new PositionValues(index, reach);
  reach[startAt] = 1;
  const done = new Uint8Array(index.positions.length);
  const work = new BinaryHeap<[number, number]>((a, b) => a[1] > b[1]);
  work.push([startAt, 1]);
  for (let top = work.pop(); top; top = work.pop()) {
    const [i, r] = top;
    if (done[i] === 1 || r < reach[i]) continue;
    done[i] = 1;
    const p = index.positions[i];
    const own = p.turn === rep.color;
    const s = own ? undefined : stats.get(p.key);
    if (!own && !s) continue;
    const base = index.first[i];
    for (let j = 0; j < p.moves.length; j++) {
      const t = index.targets[base + j];
      if (t < 0) continue;
      const next = own ? r : r * shareOf(s, p.moves[j].san, p.moves[j].uci);
      // NaN (no reach yet) compares false: any reach beats none.
      if (!(next <= reach[t])) {
        reach[t] = next;
        work.push([t, next]);
      }
    }
  }
  return new PositionValues(index, reach);
};

/** Positions the report takes between two pauses of coverageReportSteps. */
export const REPORT_STEP_POSITIONS = 500;

/** The report in one go. */
export const coverageReport = (
  rep: Repertoire,
  statsByFen: StatsByFen,
  options: CoverageOptions = {},
): CoverageReport => {
  return runSteps(coverageReportSteps(rep, statsByFen, options));
};

/**
 * The report in steps: the generator pauses after every REPORT_STEP_POSITIONS positions, so a server
 * can answer other requests between steps of a large report, and returns the report.
 */
export function* coverageReportSteps(
  rep: Repertoire,
  statsByFen: StatsByFen,
  options: CoverageOptions = {},
): Generator<void, CoverageReport> {
  const stats = normaliseStats(statsByFen);
  const reach = computeReach(rep, stats);
  const lines = shortestLines(rep);
  const positions: CoveragePosition[] = [];
  const holes: CoverageReport['holes'] = [];
  const missing: string[] = [];
  let taken = 0;
  for (const { key } of coveragePositions(rep, options)) {
    if (++taken % REPORT_STEP_POSITIONS === 0) yield;
    const p = rep.positions.get(key)!;
    const s = stats.get(key);
    const r = reach.get(key);
    const line = lines.movetext(key);
    const games = s ? statsTotal(s) : 0;
    if (!s) missing.push(p.fen);
    const moves: CoverageMove[] = [];
    const seen = new Set<string>();
    for (const m of s ? movesOf(s) : []) {
      const covering = p.moves.find((rm) => rm.san === m.san || rm.uci === m.uci);
      if (covering) seen.add(covering.uci);
      const share = games > 0 ? statsTotal(m) / games : 0;
      moves.push({
        san: m.san,
        uci: covering?.uci ?? m.uci,
        games: statsTotal(m),
        share,
        percent: Math.round(share * 100),
        covered: covering !== undefined,
        reach: r === undefined ? undefined : r * share,
      });
    }
    // Repertoire moves too rare for the explorer's list still count as answered.
    for (const rm of p.moves)
      if (!seen.has(rm.uci))
        moves.push({
          san: rm.san,
          uci: rm.uci,
          games: 0,
          share: 0,
          percent: 0,
          covered: true,
          reach: r === undefined ? undefined : 0,
        });
    moves.sort((a, b) => b.games - a.games || (a.san < b.san ? -1 : 1));
    for (const move of moves)
      if (!move.covered && move.reach !== undefined)
        holes.push({ fen: p.fen, line: lines.movetextWith(key, move.san) ?? move.san, move });
    positions.push({
      key,
      fen: p.fen,
      turn: p.turn,
      moveNumber: p.moveNumber,
      line: line ?? '',
      hasStats: s !== undefined,
      games,
      reach: r,
      moves,
    });
  }
  holes.sort((a, b) => b.move.reach! - a.move.reach! || (a.line < b.line ? -1 : 1));
  yield;
  const report = { positions, holes, missing };
  return { ...report, text: makeCoverageText(options.name ?? rep.name, report) };
}

const perGames = (reach: number) => Math.round(reach * PSEUDO_GAMES);

export const makeCoverageText = (name: string, report: Omit<CoverageReport, 'text'>): string => {
  const out = [`Coverage Results for: ${name}`, `Games=${PSEUDO_GAMES}`];
  if (report.missing.length > 0)
    out.push(`No statistics for ${report.missing.length} position(s); they are listed without moves.`);
  for (const p of report.positions) {
    const side = p.turn === 'white' ? 'White' : 'Black';
    const where = p.line === '' ? 'at the start' : `after ${p.line}`;
    const reached = p.reach === undefined ? '' : ` (reached in ${perGames(p.reach)} of ${PSEUDO_GAMES} games)`;
    out.push('');
    out.push(`Move ${p.moveNumber}, ${side} to move ${where}${reached}:`);
    if (!p.hasStats) out.push('  no statistics');
    for (const m of p.moves) {
      const hole = m.covered
        ? 'covered'
        : `not covered${m.reach === undefined ? '' : `, reached in ${perGames(m.reach)} of ${PSEUDO_GAMES} games`}`;
      out.push(`  ${m.san} ${m.percent}% ${hole}`);
    }
  }
  if (report.holes.length > 0) {
    out.push('', 'Uncovered moves, likeliest first:');
    for (const h of report.holes.slice(0, 20))
      out.push(`  ${h.line}: ${perGames(h.move.reach!)} of ${PSEUDO_GAMES} games`);
  }
  return out.join('\n');
};
