// CPU time of a whole coverage check's chess work on generated White repertoires of about 5,000 and
// 20,000 positions, every position's statistics known (as when all are cached): the best-first walk
// with a snapshot after every lookup (as the server reports live holes), then the final report. Both
// sizes are measured five times (after a round that is not counted) in one process; the figure is the median, in CPU time (not wall
// time), so other work on the machine does not change it much. Growth should be about linear: the
// 20k figure under five times the 5k one.
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import {
  buildRepertoireFromPgn,
  CoverageWalk,
  coveragePositions,
  coverageReport,
  sameShownHoles,
  type CoverageWalkSnapshot,
  type PositionStats,
  type Repertoire,
} from '../src/chess/index.js';
import { generateStudy } from './generated-study.js';

const RUNS = 5;

/** Explorer-like statistics for every opponent-to-move position: its repertoire moves and two others. */
function statsFor(rep: Repertoire): Map<string, PositionStats> {
  const stats = new Map<string, PositionStats>();
  for (const { key, fen } of coveragePositions(rep)) {
    const p = rep.positions.get(key)!;
    const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    const known = new Set(p.moves.map((m) => m.uci));
    const others: NormalMove[] = [];
    for (const [from, dests] of pos.allDests())
      for (const to of dests) if (others.length < 2 && !known.has(makeUci({ from, to }))) others.push({ from, to });
    const moves = [
      ...p.moves.map((m, i) => ({ uci: m.uci, san: m.san, white: 400 >> i, draws: 100 >> i, black: 300 >> i })),
      ...others.map((m, i) => ({ uci: makeUci(m), san: makeSan(pos, m), white: 40 >> i, draws: 10, black: 30 >> i })),
    ];
    const sum = (k: 'white' | 'draws' | 'black') => moves.reduce((s, m) => s + m[k], 0);
    stats.set(key, { white: sum('white'), draws: sum('draws'), black: sum('black'), moves });
  }
  return stats;
}

/** The walk as the server runs it when every answer is cached, then the report. */
function check(rep: Repertoire, stats: Map<string, PositionStats>): number {
  const walk = new CoverageWalk(rep);
  let last: CoverageWalkSnapshot | undefined;
  let changes = 0;
  for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
    walk.addStats(next.key, stats.get(next.key)!);
    const s = walk.snapshot(20);
    if (!sameShownHoles(last, s)) changes++;
    last = s;
  }
  return coverageReport(rep, stats).holes.length + changes;
}

const cpuMs = (f: () => void): number => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const sizes = [
  { label: '5k', chapters: 39 },
  { label: '20k', chapters: 156 },
].map(({ label, chapters }) => {
  const rep = buildRepertoireFromPgn(generateStudy(chapters), { color: 'white' }).unwrap();
  return { label, rep, stats: statsFor(rep), times: [] as number[] };
});
for (let run = 0; run < RUNS; run++)
  for (const size of sizes) size.times.push(cpuMs(() => check(size.rep, size.stats)));

const [small, large] = sizes.map((s) => ({ ...s, ms: median(s.times) }));
for (const s of [small, large])
  console.log(`coverage_walk_positions_${s.label}: ${s.rep.positions.size} positions (${s.stats.size} looked up)`);
console.log(`coverage_walk_cpu_ms_5k: ${small.ms.toFixed(0)} ms (median of ${RUNS} runs, CPU time)`);
console.log(`coverage_walk_cpu_ms_20k: ${large.ms.toFixed(0)} ms (median of ${RUNS} runs, CPU time)`);
console.log(`coverage_walk_ratio_20k_5k: ${(large.ms / small.ms).toFixed(2)} ratio (reference: under 5)`);
