import { createHash } from 'node:crypto';
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
    for (const file of walk('dist/web').filter((f) => /\.(js|css|html|svg|json|wasm)$/.test(f))) {
      const body = readFileSync(file);
      if (body.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  },
});

// The engine (Stockfish's lite single-threaded WebAssembly build, GPL-3.0) is copied from its npm
// package into the build at a fixed path of our own origin, where the web worker loads it; the
// package itself (161 MB) stays out of git and out of the bundle.
const ENGINE_FILES = ['stockfish-19-lite-single.js', 'stockfish-19-lite-single.wasm'];
const ENGINE_DIR = 'node_modules/stockfish/bin';
// A folder named by the files' content, so the year-long cache of /assets never serves an old engine.
const engineHash = createHash('sha256');
for (const name of ENGINE_FILES) engineHash.update(readFileSync(join(ENGINE_DIR, name)));
const ENGINE_FOLDER = `assets/engine/${engineHash.digest('hex').slice(0, 10)}`;
const engineAssets = (): Plugin => ({
  name: 'engine-assets',
  generateBundle() {
    for (const name of ENGINE_FILES) {
      this.emitFile({
        type: 'asset',
        fileName: `${ENGINE_FOLDER}/${name}`,
        source: readFileSync(join(ENGINE_DIR, name)),
      });
    }
  },
  configureServer(server) {
    server.middlewares.use((req, res, next) => {
      const name = req.url?.startsWith(`/${ENGINE_FOLDER}/`) ? req.url.slice(ENGINE_FOLDER.length + 2) : undefined;
      if (!name || !ENGINE_FILES.includes(name)) return next();
      res.setHeader('Content-Type', name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript');
      res.end(readFileSync(join(ENGINE_DIR, name)));
    });
  },
});

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress(), engineAssets()],
  define: { __ENGINE_URL__: JSON.stringify(`/${ENGINE_FOLDER}/${ENGINE_FILES[0]}`) },
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
