// Eight 20,000-position sources (generated White studies, each its own seed) read as one repertoire:
// combineSources writing the union, then the repertoire built from it, against chessops reading the
// same eight texts and replaying every move (parse + replay). Also the strict read's scan alone, and
// each reader (consistency, opening book, drill deck, coverage report) on the union against the same
// reader on one source of the same total size (the eight texts as one file).
// CPU time (process.cpuUsage), median of five alternating runs after one not counted (warmRuns); the
// read against chessops as the median of each round's ratio.
import {
  bookEntry,
  bookPositions,
  buildDrillDeck,
  buildRepertoireFromPgn,
  checkConsistency,
  combineSources,
  coveragePositions,
  coverageReport,
  findUnreadToken,
  type PositionStats,
  type Repertoire,
} from '../src/chess/index.js';
import { generateStudy } from './generated-study.js';
import { median, replay, warmRuns } from './measure.js';

const RUNS = 5;
const SOURCES = 8;

const texts = Array.from({ length: SOURCES }, (_, i) => generateStudy(156, 20240601 + i));
const sources = texts.map((text, i) => ({ name: `Source ${i + 1}`, text, excludeSymbols: [] }));
let positions = 0;
let unionText = '';
const runs = warmRuns(
  {
    combine: () => (unionText = combineSources(sources).unwrap()),
    build: () => (positions = buildRepertoireFromPgn(unionText, { color: 'white' }).unwrap().positions.size),
    chessops: () => texts.forEach(replay),
    scan: () => texts.forEach((text) => findUnreadToken(text)),
  },
  RUNS,
);
const [combineRuns, buildRuns, chessopsRuns, scanRuns] = [runs.combine, runs.build, runs.chessops, runs.scan];
const read = median(buildRuns);
const chessops = median(chessopsRuns);
console.log(`sources union positions: ${positions} positions`);
console.log(`sources combine (write the union of ${SOURCES}): ${median(combineRuns).toFixed(0)} ms`);
console.log(`sources read as one repertoire: ${read.toFixed(0)} ms`);
console.log(`sources chessops parse+replay of the ${SOURCES} texts: ${chessops.toFixed(0)} ms`);
// Each round's build over the same round's replay, then the median: the machine is shared, and its
// speed drifts between rounds more than between the two steps of one round.
const ratios = buildRuns.map((ms, i) => ms / chessopsRuns[i]);
console.log(
  `sources read / chessops: ${median(ratios).toFixed(2)} x (median of each round's ratio; ` +
    `${ratios.map((r) => r.toFixed(2)).join(', ')}; medians' ratio ${(read / chessops).toFixed(2)} x, ` +
    `fastest runs' ratio ${(Math.min(...buildRuns) / Math.min(...chessopsRuns)).toFixed(2)} x)`,
);
console.log(`sources strict scan of the ${SOURCES} texts: ${median(scanRuns).toFixed(0)} ms`);

// The readers: on the union of the eight, and on one source holding the same games.
const union = buildRepertoireFromPgn(unionText, { color: 'white' }).unwrap();
const single = buildRepertoireFromPgn(texts.join('\n\n'), { color: 'white' }).unwrap();
const statsOf = (rep: Repertoire) => {
  const stats = new Map<string, PositionStats>();
  for (const { key } of coveragePositions(rep)) {
    const moves = rep.positions.get(key)!.moves.map((m) => ({ uci: m.uci, san: m.san, white: 5, draws: 2, black: 3 }));
    stats.set(key, { white: 5 * moves.length, draws: 2 * moves.length, black: 3 * moves.length, moves });
  }
  return stats;
};
const readers: Record<string, (rep: Repertoire, stats: Map<string, PositionStats>) => unknown> = {
  consistency: (rep) => checkConsistency(rep),
  book: (rep) => {
    let chars = 0;
    for (const p of bookPositions(rep)) chars += JSON.stringify(bookEntry(rep, p)).length;
    return chars;
  },
  drill_deck: (rep) => buildDrillDeck(rep),
  coverage_report: (rep, stats) => coverageReport(rep, stats),
};
const unionStats = statsOf(union);
const singleStats = statsOf(single);
console.log(`sources one source of the same games: ${single.positions.size} positions`);
for (const [name, read] of Object.entries(readers)) {
  const times = warmRuns({ union: () => read(union, unionStats), single: () => read(single, singleStats) }, RUNS);
  const [u, o] = [median(times.union), median(times.single)];
  console.log(
    `sources reader ${name}: ${u.toFixed(0)} ms on the union, ${o.toFixed(0)} ms on one source (${(u / o).toFixed(2)} x)`,
  );
}
