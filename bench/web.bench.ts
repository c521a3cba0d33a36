// Script a first visit loads before anything shows: the entry and its modulepreloads in the built
// index.html (gzipped, as sent), i.e. the landing page and the logged-in shell; screens load on demand.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const html = readFileSync('dist/web/index.html', 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file: string) => gzipSync(readFileSync(`dist/web/${file}`), { level: 9 }).length;
const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);
const allBytes = readdirSync('dist/web/assets')
  .filter((f) => f.endsWith('.js'))
  .reduce((sum, file) => sum + gz(`assets/${file}`), 0);
console.log(`web_initial_js_gzip: ${(initialBytes / 1024).toFixed(1)} KB`);
console.log(`web_all_js_gzip: ${(allBytes / 1024).toFixed(1)} KB`);
