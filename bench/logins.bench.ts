// GET / (the web app's index.html, read through libuv's thread pool like any file) while 50 players log in
// at once: p99 of the page's answer time during the logins, beside the same figure at rest.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { createPasswords } from '../src/server/accounts/passwords';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';

const LOGINS = 50;

const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-bench-'));
const webDir = mkdtempSync(join(tmpdir(), 'chess-prep-web-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Chess Prep</title>');
const database = await openDatabase({ memory: true });
const app = await buildApp(
  {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webDir,
    publicUrl: 'http://localhost:3000',
    sessionSecret: 'bench-secret-that-is-long-enough-for-signing',
    lichessUrl: 'http://127.0.0.1:9',
    lichessExplorerUrl: 'http://127.0.0.1:9',
    chessComUrl: 'http://127.0.0.1:9',
    logger: false,
    siteTimeoutMs: 2_000,
    rateLimitPauseMs: 200,
    rateLimits: false,
  },
  { database },
);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const password = 'bench-password-123';
await database.db
  .insert(users)
  .values({ email: 'b@example.com', username: 'bencher', passwordHash: await createPasswords().hash(password) });

const xsrf = 'bench-xsrf-token';
const login = () =>
  fetch(`${url}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: new URLSearchParams({ username: 'bencher', password }),
  }).then((r) => r.text());

/** Answer times of GET / asked every 20 ms until `until` settles. */
async function sampleRoot(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const start = performance.now();
    await fetch(`${url}/`).then((r) => r.text());
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
}

const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))];

const atRest = await sampleRoot(new Promise((r) => setTimeout(r, 1000)));
const logins = Promise.all(Array.from({ length: LOGINS }, login));
const during = await sampleRoot(logins);
console.log(`get_root_p99_at_rest: ${p99(atRest).toFixed(1)} ms`);
console.log(`get_root_p99_during_50_logins: ${p99(during).toFixed(1)} ms`);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
rmSync(webDir, { recursive: true, force: true });
