// Builds the web app and the server when their output is missing or older than any of their sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each output with every folder and file it is built from (relative to the project's root). */
export const BUILDS = [
  {
    name: 'web',
    output: 'dist/web/index.html',
    sources: ['src/web', 'src/chess', 'src/contract', 'vite.config.ts', 'tsconfig.json', 'package.json'],
    command: 'npx vite build',
  },
  {
    name: 'server',
    output: 'dist/server/main.js',
    sources: ['src/server', 'src/chess', 'src/contract', 'scripts/build-server.mjs', 'tsconfig.json', 'package.json'],
    command: 'node scripts/build-server.mjs',
  },
];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a file deleted changes its folder's time
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The builds whose output is missing or older than one of their sources. */
export function staleBuilds(root = '.') {
  return BUILDS.filter(({ output, sources }) => {
    const outputPath = join(root, output);
    if (!existsSync(outputPath)) return true;
    const builtAt = statSync(outputPath).mtimeMs;
    const present = sources.map((source) => join(root, source)).filter((path) => existsSync(path));
    return present.some((path) => newestMtime(path) > builtAt);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const build of staleBuilds()) execSync(build.command, { stdio: 'inherit' });
}
