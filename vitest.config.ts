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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
