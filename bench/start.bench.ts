// Time from `node dist/server/main.js` to the first 200 from /api/health on a fresh data folder and
// on one that already exists (a restart), as npm start runs it once the build is current, and the
// server's resident memory a second after that first 200.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 3500 + Math.floor(Math.random() * 400) + 40;
execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-start-'));

/** Resident memory of a process in MiB (Linux). */
const residentMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function startToFirst200(): Promise<{ ms: number; rss: number }> {
  const t0 = performance.now();
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
          await new Promise((r) => setTimeout(r, 1_000));
          return { ms, rss: residentMiB(child.pid!) };
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

const fresh = await startToFirst200();
const existing = await startToFirst200();
console.log(`start_to_first_200_fresh_data: ${fresh.ms.toFixed(0)} ms`);
console.log(`start_to_first_200_existing_data: ${existing.ms.toFixed(0)} ms`);
console.log(`resident_after_start_fresh_data: ${fresh.rss.toFixed(0)} MiB`);
console.log(`resident_after_start_existing_data: ${existing.rss.toFixed(0)} MiB`);
