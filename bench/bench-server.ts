// The app in a process of its own, for benches that measure the server alone: its CPU time and its
// resident memory read from /proc, apart from the client's. Started by startBenchServer below; it
// prints one JSON line with its URL and the cookies of `players` signed-in players, then serves until
// killed; with BENCH_DATA_DIR its embedded database lives in that folder, as a shipped server's does
// in DATA_DIR. The extra route POST /api/bench/form-echo receives a form as a route does and answers its
// field lengths: the floor any route that takes the same form pays.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HttpClient } from '../test/helper.js';

export interface BenchServer {
  url: string;
  pid: number;
  players: HttpClient[];
  /** User and system CPU time of the server process so far, in ms (clock ticks of 10 ms). */
  cpuMs(): number;
  /** Resident memory now and its peak so far, in MiB. */
  memory(): { rssMiB: number; peakMiB: number };
  close(): Promise<void>;
}

const self = fileURLToPath(import.meta.url);

export async function startBenchServer(players = 2, env: Record<string, string> = {}): Promise<BenchServer> {
  // BENCH_SERVER_PROF=<folder>: the server writes a CPU profile there when it exits.
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : []),
      '--import',
      'tsx',
      self,
      String(players),
    ],
    {
      env: { ...process.env, ...env, BENCH_SERVER_CHILD: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const { url, cookies } = JSON.parse(line) as { url: string; cookies: [string, string][][] };
  const pid = child.pid!;
  return {
    url,
    pid,
    players: cookies.map((jar) => {
      const client = new HttpClient(url);
      for (const [k, v] of jar) client.cookies.set(k, v);
      return client;
    }),
    cpuMs: () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    memory: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]);
      return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
    },
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

if (process.env.BENCH_SERVER_CHILD) {
  const { openDatabase } = await import('../src/server/db/client.js');
  const { buildApp } = await import('../src/server/app.js');
  const { signInDirectly, testConfig } = await import('./../test/helper.js');
  // BENCH_DATA_DIR: PGlite on files, as a server started with DATA_DIR keeps its data.
  const database = await openDatabase(
    process.env.TEST_DATABASE_URL
      ? { url: process.env.TEST_DATABASE_URL }
      : process.env.BENCH_DATA_DIR
        ? { dir: process.env.BENCH_DATA_DIR }
        : { memory: true },
  );
  const app = await buildApp(testConfig(), { database });
  app.post('/api/bench/form-echo', { onRequest: app.requireUser }, async (request) => {
    const body = request.body as Record<string, unknown>;
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v).length]));
  });
  // With BENCH_PROFILE=<file>: GET /api/bench/profile?on=1 starts a CPU profile, ?on=0 writes it there.
  if (process.env.BENCH_PROFILE) {
    const { Session } = await import('node:inspector/promises');
    const { writeFileSync } = await import('node:fs');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    app.get('/api/bench/profile', async (request) => {
      if ((request.query as { on?: string }).on === '1') await session.post('Profiler.start');
      else writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify((await session.post('Profiler.stop')).profile));
      return {};
    });
    // GET /api/bench/heap: the heap in use after a full collection, and the repertoire cache's figures.
    const { setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    app.get('/api/bench/heap', async () => {
      collect();
      return { heapMiB: Math.round(process.memoryUsage().heapUsed / 1048576), ...app.repertoireCache.counters() };
    });
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  app.repertoireCache.warmWorkers();
  const cookies: [string, string][][] = [];
  for (let i = 0; i < Number(process.argv[2] ?? 2); i++) {
    const client = new HttpClient(url);
    await signInDirectly(app, client, { prefix: `bench${i}` });
    await client.get('/api/health');
    cookies.push([...client.cookies]);
  }
  // Give the workers their head start, as a server that has been up a while has had.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  process.stdout.write(JSON.stringify({ url, cookies }) + '\n');
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
}
