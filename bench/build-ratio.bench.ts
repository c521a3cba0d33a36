// Linear growth of the chess core at 20,000 and 100,000 positions (generated White studies): the
// repertoire build against chessops reading the same text and replaying every move (parse + replay),
// and, per position, the opening book, the consistency check, the drill deck and the coverage report.
// CPU time (process.cpuUsage), median of five alternating runs at each size after one not counted
// (compilation and the first collections).
import {
  bookEntry,
  bookPositions,
  buildDrillDeck,
  buildRepertoireFromPgn,
  checkConsistency,
  coveragePositions,
  coverageReport,
  createOpeningBook,
  type PositionStats,
} from '../src/chess/index.js';
import { generateStudy } from './generated-study.js';
import { median, replay, warmRuns } from './measure.js';

const RUNS = 5;

const figures = new Map<string, { perPosition: number; ms: number }>();
for (const [label, chapters] of [
  ['20k', 156],
  ['100k', 780],
] as const) {
  const text = generateStudy(chapters);
  const rep = buildRepertoireFromPgn(text, { color: 'white' }).unwrap();
  const n = rep.positions.size;
  // Every opponent position answered by its own moves: the report walks them all.
  const stats = new Map<string, PositionStats>();
  for (const { key } of coveragePositions(rep)) {
    const moves = rep.positions.get(key)!.moves.map((m) => ({ uci: m.uci, san: m.san, white: 5, draws: 2, black: 3 }));
    stats.set(key, { white: 5 * moves.length, draws: 2 * moves.length, black: 3 * moves.length, moves });
  }
  const steps: Record<string, () => unknown> = {
    build: () => buildRepertoireFromPgn(text, { color: 'white' }),
    replay: () => replay(text),
    // As the server writes it: entry by entry in report order, never the whole text at once.
    book: () => {
      let chars = 0;
      for (const p of bookPositions(rep)) chars += JSON.stringify(bookEntry(rep, p)).length;
      return chars;
    },
    book_whole: () => JSON.stringify(createOpeningBook(rep)),
    consistency: () => checkConsistency(rep),
    drill_deck: () => buildDrillDeck(rep),
    coverage_report: () => coverageReport(rep, stats),
  };
  const times = warmRuns(steps, RUNS);
  console.log(`chess_core_positions_${label}: ${n} positions (${(text.length / 1024).toFixed(0)} KiB)`);
  for (const k of Object.keys(steps)) {
    const ms = median(times[k]);
    figures.set(`${k}_${label}`, { ms, perPosition: (ms * 1000) / n });
    console.log(`${k}_us_per_position_${label}: ${((ms * 1000) / n).toFixed(2)} µs (${ms.toFixed(0)} ms CPU)`);
  }
}
for (const k of ['build', 'book', 'book_whole', 'consistency', 'drill_deck', 'coverage_report'])
  console.log(
    `${k}_growth_100k_over_20k: ${(figures.get(`${k}_100k`)!.perPosition / figures.get(`${k}_20k`)!.perPosition).toFixed(2)} x per position (1.00 is linear)`,
  );
const ratio = figures.get('build_100k')!.ms / figures.get('replay_100k')!.ms;
console.log(`build_ratio_100k: ${ratio.toFixed(2)} x chessops parse+replay (reference: under 2x)`);
