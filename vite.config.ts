import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web and builds to dist/web, which the server serves.
// In development `npx vite` proxies /api to a running server (API_URL, default port 3000).
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
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
