// Builds the web app when dist/web is missing or older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';

const output = 'dist/web/index.html';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    newest = Math.max(newest, time);
  }
  return newest;
}

const sources = ['src/web', 'src/chess'].filter((d) => existsSync(d));
const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime), statSync('vite.config.ts').mtimeMs);
if (builtAt < changedAt) {
  execSync('npx vite build', { stdio: 'inherit' });
}
