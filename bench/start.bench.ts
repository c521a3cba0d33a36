// Time from `node dist/server/main.js` to the first 200 from /api/health on a data folder that
// already exists (a restart), as npm start runs it once the build is current.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 3500 + Math.floor(Math.random() * 400) + 40;
execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-start-'));

async function startToFirst200(): Promise<number> {
  const t0 = performance.now();
  const child = spawn('node', ['dist/server/main.js'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir }, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (response.status === 200) return performance.now() - t0;
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
console.log(`start_to_first_200_fresh_data: ${fresh.toFixed(0)} ms`);
console.log(`start_to_first_200_existing_data: ${existing.toFixed(0)} ms`);
