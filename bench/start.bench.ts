// Time from start to the first 200 from /api/health, as `npm start` runs it (scripts/build-if-needed.mjs,
// which builds nothing when dist is current, then node dist/server/main.js), on a fresh data folder
// and on one that already exists (a restart): wall time, and the server's CPU time until then read
// from /proc. Also its resident memory at rest, three seconds after that first answer. Each start is
// measured three times; the figures are medians.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 3500 + Math.floor(Math.random() * 400) + 40;
const RUNS = 3;
execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });

const residentMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function startToFirst200(dataDir: string): Promise<{ ms: number; cpu: number; rss: number }> {
  const t0 = performance.now();
  execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  const child = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (response.status === 200) {
          const ms = performance.now() - t0;
          const cpu = cpuMs(child.pid!);
          await new Promise((r) => setTimeout(r, 3_000));
          return { ms, cpu, rss: residentMiB(child.pid!) };
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh: Awaited<ReturnType<typeof startToFirst200>>[] = [];
const existing: typeof fresh = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-start-'));
  fresh.push(await startToFirst200(dataDir));
  existing.push(await startToFirst200(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}
const of = (runs: typeof fresh, k: 'ms' | 'cpu' | 'rss') => median(runs.map((r) => r[k])).toFixed(0);
console.log(
  `start_to_first_200_ms: ${of(existing, 'ms')} ms (existing data, wall, median of ${RUNS}; reference: under 1500)`,
);
console.log(`start_cpu_ms_existing_data: ${of(existing, 'cpu')} ms (server CPU until the first 200)`);
console.log(`rss_mib_at_rest: ${of(existing, 'rss')} MiB (existing data, 3 s after the first 200)`);
console.log(`start_to_first_200_fresh_data_ms: ${of(fresh, 'ms')} ms (wall)`);
console.log(`start_cpu_ms_fresh_data: ${of(fresh, 'cpu')} ms`);
console.log(`rss_mib_at_rest_fresh_data: ${of(fresh, 'rss')} MiB`);
