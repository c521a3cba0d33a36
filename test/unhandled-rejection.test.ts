import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { startServerProcess, type ServerProcess } from './processes.js';

// A rejection nothing handles is logged, and the server goes on answering every player.

let server: ServerProcess | undefined;
afterAll(() => server?.stop());

test('a rejection left unhandled is logged and the server keeps serving', async () => {
  const preload = fileURLToPath(new URL('./preload/reject-once-served.mjs', import.meta.url));
  server = await startServerProcess({ NODE_OPTIONS: `--import ${preload}`, LOG_REQUESTS: 'true' });
  const until = Date.now() + 30_000;
  while (!server.output().includes('unhandled rejection') && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.output()).toContain('a promise nobody awaited');
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  expect(server.child.exitCode).toBeNull();
}, 120_000);
