// Time from `npm start` to the first answers a player waits for, on a fresh data folder (a first start)
// and on one that already exists (a restart): the page (GET /) and the API (GET /api/health, which needs
// the database). Wall time; CPU time of every process `npm start` runs until then (npm itself, the build
// check, the server), and of the server alone, read from /proc; the server's resident memory at rest,
// three seconds after the API's first answer. Each start is measured three times; figures are medians.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const RUNS = Number(process.env.START_RUNS ?? 3);
execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const stat = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};
const children = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** CPU ms of a process (with its children that have ended) and of its live descendants. */
const treeCpuMs = (pid: number): number => {
  try {
    const f = stat(pid);
    const own = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
    return own + children(pid).reduce((sum, child) => sum + treeCpuMs(child), 0);
  } catch {
    return 0;
  }
};
/** The server: the process at the bottom of npm -> sh -> node. */
const serverPid = (pid: number): number => {
  const next = children(pid);
  return next.length === 0 ? pid : serverPid(next[0]);
};
const processCpuMs = (pid: number) => {
  const f = stat(pid);
  return (Number(f[11]) + Number(f[12])) * 10;
};
const residentMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Answer {
  ms: number;
  cpu: number;
  serverCpu: number;
}
interface Start {
  page: Answer;
  api: Answer;
  rss: number;
}

async function start(dataDir: string): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const npm = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  const first: Partial<Record<'page' | 'api', Answer>> = {};
  const poll = async (key: 'page' | 'api', path: string) => {
    while (!first[key]) {
      if (performance.now() - t0 > 180_000) throw new Error(`no answer on ${path} in 3 min`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        await response.arrayBuffer();
        if (response.status === 200) {
          const ms = performance.now() - t0;
          first[key] = { ms, cpu: treeCpuMs(npm.pid!), serverCpu: processCpuMs(serverPid(npm.pid!)) };
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  let server: number | undefined;
  try {
    await Promise.all([poll('page', '/'), poll('api', '/api/health')]);
    server = serverPid(npm.pid!);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return { page: first.page!, api: first.api!, rss: residentMiB(server) };
  } finally {
    process.kill(-npm.pid!, 'SIGTERM');
    await new Promise((resolve) => npm.once('exit', resolve));
    // The next start on this folder waits until the server has let its database go.
    while (server !== undefined && existsSync(`/proc/${server}`)) await new Promise((r) => setTimeout(r, 20));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fresh: Start[] = [];
const existing: Start[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-start-'));
  fresh.push(await start(dataDir));
  existing.push(await start(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}

for (const [label, runs] of [
  ['existing_data', existing],
  ['fresh_data', fresh],
] as const) {
  const of = (answer: 'page' | 'api', key: keyof Answer) => median(runs.map((r) => r[answer][key])).toFixed(0);
  console.log(
    `start_${label}_page_ms: ${of('page', 'ms')} ms (npm start to the first 200 on /, wall, median of ${RUNS}; reference: under 1500)`,
  );
  console.log(
    `start_${label}_page_cpu_ms: ${of('page', 'cpu')} ms (every process; the server's own: ${of('page', 'serverCpu')} ms)`,
  );
  console.log(`start_${label}_api_ms: ${of('api', 'ms')} ms (npm start to the first 200 on /api/health, wall)`);
  console.log(
    `start_${label}_api_cpu_ms: ${of('api', 'cpu')} ms (every process; the server's own: ${of('api', 'serverCpu')} ms)`,
  );
  console.log(
    `start_${label}_rss_mib: ${median(runs.map((r) => r.rss)).toFixed(0)} MiB (3 s after the API's first answer)`,
  );
}
