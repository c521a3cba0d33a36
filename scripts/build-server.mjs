// Compiles the server to JavaScript in dist/server (npm start runs it with plain node): one bundle
// of our code with the packages left to node_modules, the repertoire and optimise workers beside it, and the
// database migrations where the bundle looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'repertoire-worker': 'src/server/openings/repertoire-worker.ts',
    'optimise-worker': 'src/server/today/optimise-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Modules imported on demand (the app, after the database has started opening) load as their own chunks.
  splitting: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
