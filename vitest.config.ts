import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)) } },
  test: {
    // One migrated PGlite made before the files start; each file loads a copy (test/pglite-template.ts).
    globalSetup: ['test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // PGlite instances are heavy: a few files at a time keeps memory in check.
    maxWorkers: 2,
    // Files share each worker's module graph: loading the app and PGlite once per worker instead of once
    // per file halves the run's CPU. Module-level state in src/server is limited by a lint rule to
    // caches of derived data, which files may share.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
