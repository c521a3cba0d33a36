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
import { positionKey } from './fen.js';
import { comparePositions } from './order.js';
import { makeLinePgn } from './pgn-write.js';
import type { Color, Repertoire, RepertoirePosition } from './repertoire.js';

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

/** The distinct positions, with the opponent to move, whose statistics the report needs (in report order). */
export const coveragePositions = (rep: Repertoire, options: CoverageOptions = {}): { key: string; fen: string }[] =>
  [...rep.positions.values()]
    .filter((p) => isOpponentPosition(rep, p, options))
    .sort(comparePositions)
    .map((p) => ({ key: p.key, fen: p.fen }));

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

// Shortest lines from the chapters' starts (the standard start first), by breadth-first search.
export const shortestLines = (rep: Repertoire): Map<string, { start: string; sans: string[] }> => {
  const lines = new Map<string, { start: string; sans: string[] }>();
  const startKey = positionKey(INITIAL_FEN);
  const roots = [...rep.roots].sort((a, b) => (a === startKey ? -1 : b === startKey ? 1 : a < b ? -1 : 1));
  for (const root of roots) {
    if (lines.has(root)) continue;
    lines.set(root, { start: rep.positions.get(root)!.fen, sans: [] });
    const queue = [root];
    for (let i = 0; i < queue.length; i++) {
      const from = lines.get(queue[i])!;
      const moves = [...rep.positions.get(queue[i])!.moves].sort((a, b) => (a.san < b.san ? -1 : 1));
      for (const m of moves) {
        if (lines.has(m.to)) continue;
        lines.set(m.to, { start: from.start, sans: [...from.sans, m.san] });
        queue.push(m.to);
      }
    }
  }
  return lines;
};

export const shareOf = (stats: PositionStats | undefined, san: string, uci: string): number => {
  if (!stats) return 0;
  const games = statsTotal(stats);
  const move = movesOf(stats).find((m) => m.san === san || m.uci === uci);
  return games > 0 && move ? statsTotal(move) / games : 0;
};

// Likeliest-line reach by relaxation: shares are at most 1, so repeated positions cannot loop forever.
const computeReach = (rep: Repertoire, stats: Map<string, PositionStats>): Map<string, number> => {
  const reach = new Map<string, number>();
  const startKey = positionKey(INITIAL_FEN);
  if (!rep.positions.has(startKey)) return reach;
  reach.set(startKey, 1);
  const work = [startKey];
  while (work.length > 0) {
    const key = work.pop()!;
    const p = rep.positions.get(key)!;
    const r = reach.get(key)!;
    const s = stats.get(key);
    if (p.turn !== rep.color && !s) continue;
    for (const m of p.moves) {
      const next = p.turn === rep.color ? r : r * shareOf(s, m.san, m.uci);
      if (next > (reach.get(m.to) ?? -1)) {
        reach.set(m.to, next);
        work.push(m.to);
      }
    }
  }
  return reach;
};

export const coverageReport = (
  rep: Repertoire,
  statsByFen: StatsByFen,
  options: CoverageOptions = {},
): CoverageReport => {
  const stats = normaliseStats(statsByFen);
  const reach = computeReach(rep, stats);
  const lines = shortestLines(rep);
  const positions: CoveragePosition[] = [];
  const holes: CoverageReport['holes'] = [];
  const missing: string[] = [];
  for (const { key } of coveragePositions(rep, options)) {
    const p = rep.positions.get(key)!;
    const s = stats.get(key);
    const r = reach.get(key);
    const line = lines.get(key);
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
        holes.push({ fen: p.fen, line: line ? makeLinePgn(line.start, [...line.sans, move.san]) : move.san, move });
    positions.push({
      key,
      fen: p.fen,
      turn: p.turn,
      moveNumber: p.moveNumber,
      line: line ? makeLinePgn(line.start, line.sans) : '',
      hasStats: s !== undefined,
      games,
      reach: r,
      moves,
    });
  }
  holes.sort((a, b) => b.move.reach! - a.move.reach! || (a.line < b.line ? -1 : 1));
  const report = { positions, holes, missing };
  return { ...report, text: makeCoverageText(options.name ?? rep.name, report) };
};

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
