// Two server processes against one on the same PostgreSQL: throughput and p99 of light requests (the
// session check, the drill's next positions, the card list) spread over the processes, and their
// ratio; then how long a coverage run waits after its process is killed (SIGKILL) before another
// takes it up. Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a database beside it is
// made and dropped). Figures are medians of alternating rounds.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { fakeRepertoirePgn } from '../e2e/fakes/fake-repertoire';
import { startFakeSites } from '../e2e/fakes/fake-sites';
import type { HttpClient } from '../test/helper';
import {
  freshDatabase,
  openDatabase,
  signInEverywhere,
  startServerProcess,
  type ServerProcess,
} from '../test/processes';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 3;
const CONNECTIONS = 12;
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function browserHeaders(client: HttpClient): Promise<Record<string, string>> {
  await client.get('/api/health');
  return {
    'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** The light requests, in turn, on each connection. */
const requests = [
  { method: 'POST', path: '/api/check-if-logged-in' },
  { method: 'GET', path: '/api/drill/next?color=white&limit=10' },
  { method: 'GET', path: '/api/get-cards' },
];

const TICKS_PER_SECOND = 100;
/** CPU seconds a process has used (user and system), from /proc; 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
/** The PostgreSQL server's processes on this machine (the postmaster and its backends). */
const postgresPids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
const benchCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

interface CpuShares {
  servers: number;
  postgres: number;
  client: number;
}
/** Cores each part used while `work` ran: the servers, PostgreSQL, and this process (the load generator). */
async function coresDuring<T>(serverPids: number[], work: () => Promise<T>): Promise<[T, CpuShares]> {
  const pg = postgresPids();
  const read = () => ({
    servers: serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    postgres: pg.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    client: benchCpuSeconds(),
  });
  const before = read();
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  const after = read();
  return [
    result,
    {
      servers: (after.servers - before.servers) / seconds,
      postgres: (after.postgres - before.postgres) / seconds,
      client: (after.client - before.client) / seconds,
    },
  ];
}
const sharesText = (shares: CpuShares[]) =>
  `servers ${median(shares.map((c) => c.servers)).toFixed(2)}, PostgreSQL ${median(shares.map((c) => c.postgres)).toFixed(2)}, load generator ${median(shares.map((c) => c.client)).toFixed(2)} of ${cpus().length} cores`;

/** Spreads the connections over the servers; throughput summed, p99 the worst of them. */
async function load(urls: string[], headers: Record<string, string>[], seconds: number) {
  const results = await Promise.all(
    urls.map((url, i) =>
      autocannon({
        url,
        headers: headers[i],
        requests,
        connections: CONNECTIONS / urls.length,
        duration: seconds,
        workers: 1,
      }),
    ),
  );
  for (const r of results) if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

if (!base) {
  console.log('processes: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL database)');
  process.exit(0);
}

const fresh = await freshDatabase(base, `bench_processes_${process.pid}`);
const sites = await startFakeSites({ explorerToken: 'explorer-token' });
const env = {
  DATABASE_URL: fresh.url,
  LICHESS_URL: sites.lichessUrl,
  LICHESS_EXPLORER_URL: sites.explorerUrl,
  LICHESS_TOKEN: 'explorer-token',
  EXPLORER_INTERVAL_MS: '200',
};
const servers: ServerProcess[] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
const database = await openDatabase({ url: fresh.url });
try {
  const [a, b] = servers;
  const { clients } = await signInEverywhere(database, [a.url, b.url]);
  const headers = await Promise.all(clients.map(browserHeaders));
  await load([a.url], [headers[0]], 0.5);
  await load([a.url, b.url], headers, 0.5);
  const one: { rps: number; p99: number }[] = [];
  const two: { rps: number; p99: number }[] = [];
  const oneCpu: CpuShares[] = [];
  const twoCpu: CpuShares[] = [];
  const pids = servers.map((s) => s.child.pid!);
  for (let round = 0; round < ROUNDS; round++) {
    const [r1, c1] = await coresDuring(pids, () => load([a.url], [headers[0]], SECONDS));
    one.push(r1);
    oneCpu.push(c1);
    const [r2, c2] = await coresDuring(pids, () => load([a.url, b.url], headers, SECONDS));
    two.push(r2);
    twoCpu.push(c2);
  }
  const rps1 = median(one.map((r) => r.rps));
  const rps2 = median(two.map((r) => r.rps));
  console.log(`processes_1_light_requests: ${Math.round(rps1)} req/s`);
  console.log(`processes_2_light_requests: ${Math.round(rps2)} req/s`);
  console.log(`processes_2_vs_1_throughput: ${(rps2 / rps1).toFixed(2)} x`);
  console.log(`processes_1_p99: ${median(one.map((r) => r.p99))} ms`);
  console.log(`processes_2_p99: ${median(two.map((r) => r.p99))} ms`);
  // Where the machine's cores went: with the load generator and PostgreSQL on the same cores, a second
  // server process can only take what the first leaves.
  console.log(`processes_1_cpu: ${sharesText(oneCpu)}`);
  console.log(`processes_2_cpu: ${sharesText(twoCpu)}`);

  // Takeover: a coverage run worked by A, A killed, the first explorer call after it (made by B).
  const form = new FormData();
  form.append('opening_text', fakeRepertoirePgn({ depth: 4, breadth: 2 }));
  form.append('color', 'white');
  form.append('speeds', 'blitz');
  form.append('ratings', '2000');
  const run = clients[0].postMultipart('/api/coverage_check', form).catch(() => undefined);
  while (sites.requests('explorer') < 4) await new Promise((resolve) => setTimeout(resolve, 20));
  const killedAt = Date.now();
  a.kill('SIGKILL');
  await a.exited;
  while (!sites.requestLog('explorer').some((r) => r.startedAt > killedAt + 50))
    await new Promise((resolve) => setTimeout(resolve, 50));
  const next = sites.requestLog('explorer').find((r) => r.startedAt > killedAt + 50)!;
  console.log(`job_takeover_after_sigkill: ${next.startedAt - killedAt} ms`);
  await run;
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database.close();
  await sites.close();
  await fresh.drop();
}
