// CPU time of a whole coverage check's chess work on generated White repertoires of about 5,000 and
// 20,000 positions, every position's statistics known (as when all are cached): the best-first walk
// with a snapshot after every lookup (as the server reports live holes), then the final report. Both
// sizes are measured five times (after a round that is not counted) in one process; the figure is the median, in CPU time (not wall
// time), so other work on the machine does not change it much. Growth should be about linear: the
// 20k figure under five times the 5k one.
import {
  buildRepertoireFromPgn,
  CoverageWalk,
  coverageReport,
  sameShownHoles,
  type CoverageWalkSnapshot,
  type PositionStats,
  type Repertoire,
} from '../src/chess/index.js';
import { generateStudy } from './generated-study.js';
import { cpuMs, median } from './measure.js';
import { madeUpAnswers } from './explorer-answers.js';

const RUNS = 5;

/** Explorer-like statistics for every opponent-to-move position: its repertoire moves and two others. */
const statsFor = (rep: Repertoire): Map<string, PositionStats> =>
  madeUpAnswers(
    rep,
    (i) => ({ white: 400 >> i, draws: 100 >> i, black: 300 >> i }),
    (i) => ({ white: 40 >> i, draws: 10, black: 30 >> i }),
  );

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
