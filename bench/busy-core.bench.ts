// What the machine alone does to another player's light request: the server as shipped
// (bench/shipped-server.ts) does nothing but answer the session check, polled every 10 ms from a process
// of its own (bench/session-poller.mjs), at rest and while a process outside the server keeps one core
// busy at the lowest priority (nice 19; BENCH_BUSY_NICE, BENCH_BUSY_CORES), in rounds (BENCH_RUNS, 16 by default). The load benches' rule
// (p99 within 2x of rest) read against this floor: no design of the server can do better than it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setPriority } from 'node:os';
import { at, checksRow, holdsUnderLoad, polledChecks } from './poll-checks.js';
import { startShippedServer } from './shipped-server.js';

const ROUNDS = Number(process.env.BENCH_RUNS) || 16;
const PHASE_MS = 600;
/** The spinning process's nice value (BENCH_BUSY_NICE, 19 by default) and how many spin (BENCH_BUSY_CORES, 1). */
const NICE = Number(process.env.BENCH_BUSY_NICE ?? 19);
const CORES = Number(process.env.BENCH_BUSY_CORES) || 1;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** CORES processes spinning at nice NICE for `ms`. */
async function busyCores(ms: number): Promise<void> {
  const spinners = Array.from({ length: CORES }, () => {
    const spinner = spawn(process.execPath, ['-e', `const end = Date.now() + ${ms}; while (Date.now() < end);`]);
    if (spinner.pid !== undefined) setPriority(spinner.pid, NICE);
    return once(spinner, 'exit');
  });
  await Promise.all(spinners);
}

const server = await startShippedServer(1);
try {
  const [player] = server.players;
  const rest: number[] = [];
  const busy: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rest.push(...(await polledChecks(server.url, player, () => sleep(PHASE_MS))));
    busy.push(...(await polledChecks(server.url, player, () => busyCores(PHASE_MS))));
  }
  for (const times of [rest, busy]) times.sort((a, b) => a - b);
  const restP99 = at(rest, 0.99);
  console.log(checksRow('light_request_at_rest', rest, restP99));
  console.log(checksRow(`light_request_${CORES}_cores_busy_at_nice_${NICE}`, busy, restP99));
  console.log(
    `rule (p99 within 2x of rest and max under 500 ms): ${holdsUnderLoad([busy], restP99) ? 'holds' : 'FAILS'}`,
  );
} finally {
  await server.close();
}
