// CPU time of the coverage goal's chess work on a generated White repertoire of about 20,000
// positions, every opponent-to-move position's explorer answer known (as when all are cached): the
// expected score, the trim list at a goal of 1 in 100, and the traps, each measured five times after a
// round that is not counted; the figure is the median CPU time per call (the server adds one read of
// the cached answers, held a few seconds for the three calls of one page). The repertoire's position
// index and shortest lines are made by the first call and kept with the repertoire object, as the
// server's cached repertoire keeps them: the uncounted round pays for them, and the first call's
// cost is printed on its own.
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import {
  buildRepertoireFromPgn,
  coveragePositions,
  expectedScore,
  findTraps,
  trimLines,
  type PositionStats,
  type Repertoire,
} from '../src/chess/index.js';
import { generateStudy } from './generated-study.js';

const RUNS = 5;

/** Answers at every opponent-to-move position: its repertoire moves (a few rare) and two others with varied scores. */
function statsFor(rep: Repertoire): Map<string, PositionStats> {
  const stats = new Map<string, PositionStats>();
  let n = 0;
  for (const { key, fen } of coveragePositions(rep)) {
    const p = rep.positions.get(key)!;
    const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    const known = new Set(p.moves.map((m) => m.uci));
    const others: NormalMove[] = [];
    for (const [from, dests] of pos.allDests())
      for (const to of dests) if (others.length < 2 && !known.has(makeUci({ from, to }))) others.push({ from, to });
    const moves = [
      ...p.moves.map((m, i) => {
        const games = (n++ % 7 === 0 ? 20 : 2000) >> i;
        return { uci: m.uci, san: m.san, white: games * 0.4, draws: games * 0.1, black: games * 0.5 };
      }),
      ...others.map((m, i) => ({
        uci: makeUci(m),
        san: makeSan(pos, m),
        white: (n % 53 === 0 ? 900 : 150) >> i,
        draws: 20,
        black: 130 >> i,
      })),
    ];
    const sum = (k: 'white' | 'draws' | 'black') => moves.reduce((s, m) => s + m[k], 0);
    stats.set(key, { white: sum('white'), draws: sum('draws'), black: sum('black'), moves });
  }
  return stats;
}

const cpuMs = (f: () => unknown): number => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

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
