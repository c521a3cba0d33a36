// CPU time of the coverage goal's chess work on a generated White repertoire of about 20,000
// positions, every opponent-to-move position's explorer answer known (as when all are cached): the
// expected score, the trim list at a goal of 1 in 100, and the traps, each measured five times after a
// round that is not counted; the figure is the median CPU time per call (the server adds one read of
// the cached answers, held a few seconds for the three calls of one page). The repertoire's position
// index and shortest lines are made by the first call and kept with the repertoire object, as the
// server's cached repertoire keeps them: the uncounted round pays for them, and the first call's
// cost is printed on its own.
import {
  buildRepertoireFromPgn,
  expectedScore,
  findTraps,
  trimLines,
  type PositionStats,
  type Repertoire,
} from '../src/chess/index.js';
import { generateStudy } from './generated-study.js';
import { cpuMs, median } from './measure.js';
import { madeUpAnswers } from './explorer-answers.js';

const RUNS = 5;

/** Answers at every opponent-to-move position: its repertoire moves (a few rare) and two others with varied scores. */
function statsFor(rep: Repertoire): Map<string, PositionStats> {
  let n = 0;
  return madeUpAnswers(
    rep,
    (i) => {
      const games = (n++ % 7 === 0 ? 20 : 2000) >> i;
      return { white: games * 0.4, draws: games * 0.1, black: games * 0.5 };
    },
    (i) => ({ white: (n % 53 === 0 ? 900 : 150) >> i, draws: 20, black: 130 >> i }),
  );
}

const rep = buildRepertoireFromPgn(generateStudy(156), { color: 'white' }).unwrap();
const stats = statsFor(rep);
const calls = {
  expected: () => expectedScore(rep, stats),
  trim: () => trimLines(rep, stats, 1 / 100),
  traps: () => findTraps(rep, stats),
};
const times: Record<string, number[]> = { expected: [], trim: [], traps: [] };
for (let run = 0; run <= RUNS; run++)
  for (const [name, call] of Object.entries(calls)) {
    const ms = cpuMs(call);
    if (run > 0) times[name].push(ms);
  }

console.log(`coverage_goal_positions: ${rep.positions.size} positions (${stats.size} with answers)`);
console.log(`coverage_goal_trim_lines: ${calls.trim().length} lines; traps: ${calls.traps().length}`);
// A new object of the same repertoire (as after an edit or a rebuild), the code already warm.
const fresh = buildRepertoireFromPgn(generateStudy(156), { color: 'white' }).unwrap();
const firstCallMs = cpuMs(() => trimLines(fresh, stats, 1 / 100));
console.log(
  `coverage_goal_first_call_cpu_ms_20k: ${firstCallMs.toFixed(1)} ms (trim on a repertoire not walked before)`,
);
for (const name of Object.keys(calls))
  console.log(
    `coverage_goal_${name}_cpu_ms_20k: ${median(times[name]).toFixed(1)} ms (median of ${RUNS}, CPU time; reference: under 100)`,
  );
