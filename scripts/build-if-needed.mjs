// Builds the web app and the server when their output is missing or older than their sources.
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

const server = 'dist/server/main.js';
const serverBuiltAt = existsSync(server) ? statSync(server).mtimeMs : 0;
const serverChangedAt = Math.max(newestMtime('src/server'), newestMtime('src/chess'), statSync('package.json').mtimeMs);
if (serverBuiltAt < serverChangedAt) {
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
}
