import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web and builds to dist/web, which the server serves.
// In development `npx vite` proxies /api to a running server (API_URL, default port 3000).
// Writes .br and .gz beside each text file of the build; the server sends them (preCompressed).
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  closeBundle() {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
      );
    for (const file of walk('dist/web').filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  },
});

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress()],
  resolve: { alias: { '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)) } },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': {
        target: process.env.API_URL ?? 'http://127.0.0.1:3000',
        changeOrigin: false,
      },
    },
  },
});
