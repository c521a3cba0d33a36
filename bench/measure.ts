// What the CPU benches measure with: a call's CPU time, the median of runs, and the yardstick of
// chessops reading a PGN text and replaying every move.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parsePgn, startingPosition, walk } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

// The collector, callable without a command-line flag (the flag is read when a context is made).
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** User and system CPU time of one call, in ms. */
export const cpuMs = (f: () => unknown): number => {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The CPU time of each step over `runs` rounds, the steps alternating within a round, after one round
 * not counted (compilation and the first collections: the server runs warm). A full collection before
 * each step, not counted: a step pays for its own garbage, not for what the step before it dropped
 * (a 160,000-position repertoire let go by one step was otherwise collected inside the next).
 */
export const warmRuns = <K extends string>(steps: Record<K, () => unknown>, runs: number): Record<K, number[]> => {
  const names = Object.keys(steps) as K[];
  const times = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let run = -1; run < runs; run++)
    for (const k of names) {
      collect();
      const ms = cpuMs(steps[k]);
      if (run >= 0) times[k].push(ms);
    }
  return times;
};

/** chessops parsing the text and playing every move of every game (parse + replay). */
export const replay = (text: string): void => {
  for (const game of parsePgn(text)) {
    walk(game.moves, startingPosition(game.headers).unwrap(), (pos, node) => {
      const move = parseSan(pos, node.san);
      if (!move) return false;
      pos.play(move);
    });
  }
};
