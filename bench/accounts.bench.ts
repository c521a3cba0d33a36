// Requests per second of POST /api/check-if-logged-in with a valid session, beside a bare Fastify route in the
// same run, and their ratio. The load comes from autocannon in a worker thread, so it does not share the
// servers' event loop; figures are medians of alternating rounds. Also shown: the same check with the session cache off (one database query per request).
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import type { Config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// Rounds alternate the two routes and the medians are compared, so a burst of other load on the machine
// does not land on one side only.
const ROUNDS = 3;
const CONNECTIONS = 10;

function config(dataDir: string, sessionCacheMs?: number, logger = false): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    publicUrl: 'http://localhost:3000',
    sessionSecret: 'bench-secret-that-is-long-enough-for-signing',
    lichessUrl: 'http://127.0.0.1:9',
    lichessExplorerUrl: 'http://127.0.0.1:9',
    chessComUrl: 'http://127.0.0.1:9',
    logger,
    siteTimeoutMs: 2_000,
    rateLimitPauseMs: 200,
    rateLimits: false,
    sessionCacheMs,
  };
}

/** Signs a user up and returns the Cookie and X-XSRF-TOKEN headers of that browser. */
async function signedInHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const first = await app.inject({ method: 'GET', url: '/api/health' });
  const xsrf = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const register = await app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    payload: { email: 'bench@example.com', username: 'bench', password: 'bench-password' },
  });
  const sid = register.cookies.find((c) => c.name === 'sid')!.value;
  return { cookie: `XSRF-TOKEN=${xsrf}; sid=${sid}`, 'x-xsrf-token': xsrf };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function measure(
  url: string,
  headers: Record<string, string>,
  check: (body: string) => boolean,
): Promise<number> {
  const probe = await fetch(url, { method: 'POST', headers });
  if (!check(await probe.text())) throw new Error(`unexpected answer from ${url}`);
  const options = { url, method: 'POST', headers, connections: CONNECTIONS, workers: 1 };
  await autocannon({ ...options, duration: 0.5 });
  const result = await autocannon({ ...options, duration: SECONDS });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-bench-'));
const database = await openDatabase({ memory: true });
const app = await buildApp(config(dataDir), { database });
const uncached = await buildApp(config(dataDir, 0), { database });
// As shipped: the logger on (errors and slow requests only); 'warn' just hides the listening line here.
const shipped = await buildApp(config(dataDir, undefined, true), { database });
shipped.log.level = 'warn';
const bare = Fastify({ logger: false });
bare.post('/bare', async () => ({ ok: true }));
try {
  const headers = await signedInHeaders(app);
  const loggedIn = (body: string) => JSON.parse(body).LoggedIn === true;
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
  const appUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/check-if-logged-in`;
  const uncachedUrl = `${await uncached.listen({ port: 0, host: '127.0.0.1' })}/api/check-if-logged-in`;
  const shippedUrl = `${await shipped.listen({ port: 0, host: '127.0.0.1' })}/api/check-if-logged-in`;

  const bareRuns: number[] = [];
  const checkRuns: number[] = [];
  const shippedRuns: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRuns.push(await measure(bareUrl, {}, (body) => body === '{"ok":true}'));
    checkRuns.push(await measure(appUrl, headers, loggedIn));
    shippedRuns.push(await measure(shippedUrl, headers, loggedIn));
  }
  const shippedRps = median(shippedRuns);
  const bareRps = median(bareRuns);
  const checkRps = median(checkRuns);
  const uncachedRps = await measure(uncachedUrl, headers, loggedIn);
  console.log(`bare fastify route: ${Math.round(bareRps)} requests/s`);
  console.log(`check-if-logged-in (valid session): ${Math.round(checkRps)} requests/s`);
  console.log(`check-if-logged-in / bare route: ${(checkRps / bareRps).toFixed(2)} ratio`);
  console.log(`check-if-logged-in as shipped (logger on) / bare route: ${(shippedRps / bareRps).toFixed(2)} ratio`);
  console.log(`check-if-logged-in without session cache: ${Math.round(uncachedRps)} requests/s`);
  console.log(`check-if-logged-in without session cache / bare route: ${(uncachedRps / bareRps).toFixed(2)} ratio`);
} finally {
  await Promise.all([app.close(), uncached.close(), shipped.close(), bare.close()]);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
