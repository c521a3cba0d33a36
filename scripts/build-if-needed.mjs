// Builds the web app and the server when their output is missing or older than any of their sources.
// `npm start` runs this check in the server's own process (scripts/start.mjs); run alone it builds and exits.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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
    // The server bundles its packages, so an install that changes them rebuilds it too.
    sources: [
      'src/server',
      'src/chess',
      'src/contract',
      'scripts/build-server.mjs',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
    ],
    command: 'node scripts/build-server.mjs',
  },
];

/** The newest modification time of a file, or of a folder and everything in it (0 when missing). */
function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a file deleted changes its folder's time
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = `${path}/${entry.name}`;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(child) : statSync(child).mtimeMs);
  }
  return newest;
}

/** The builds whose output is missing or older than one of their sources. */
export function staleBuilds(root = '.') {
  // Folders shared by both builds (src/chess, src/contract) are walked once.
  const newest = new Map();
  const newestOf = (source) => {
    if (!newest.has(source)) newest.set(source, newestMtime(join(root, source)));
    return newest.get(source);
  };
  return BUILDS.filter(({ output, sources }) => {
    const builtAt = statSync(join(root, output), { throwIfNoEntry: false })?.mtimeMs;
    return builtAt === undefined || sources.some((source) => newestOf(source) > builtAt);
  });
}

/** Runs the builds that are stale, one after the other, their output shown. */
export function buildIfNeeded(root = '.') {
  for (const build of staleBuilds(root)) execSync(build.command, { stdio: 'inherit', cwd: root });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfNeeded();
