import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { openTestDatabase, testConfig } from '../../test/helper.js';
import { buildApp } from './app.js';
import type { Database } from './db/client.js';

// One log line per request cost a third of throughput: only failures and slow requests are logged.
describe('request log', () => {
  let database: Database;
  let app: FastifyInstance;
  const config = testConfig({ logger: true });
  const lines: { level: number; msg: string; url?: string; responseTime?: number }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp(config, { database, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    app.get('/api/test/slow', async () => {
      await sleep(1_050);
      return { ok: true };
    });
    app.get('/api/test/slow-token/:token', async () => {
      await sleep(1_050);
      return { ok: true };
    });
    app.get('/api/test/fail', async () => {
      throw new Error('broken on purpose');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  test('a quick request that succeeds writes no line', async () => {
    const before = lines.length;
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(lines.slice(before)).toEqual([]);
  });

  test('a request over a second writes one warning naming it and its time', async () => {
    const before = lines.length;
    expect((await app.inject({ method: 'GET', url: '/api/test/slow' })).statusCode).toBe(200);
    const written = lines.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 40, msg: 'slow request', url: '/api/test/slow' });
    expect(written[0].responseTime).toBeGreaterThanOrEqual(1_000);
  });

  test('a slow request is logged without its query string or the tokens in its path', async () => {
    const before = lines.length;
    await app.inject({ method: 'GET', url: '/api/test/slow?code=secret-code&state=secret-state' });
    await app.inject({ method: 'GET', url: '/api/test/slow-token/tok-secret-1?x=1' });
    const written = JSON.stringify(lines.slice(before));
    expect(lines.slice(before)).toHaveLength(2);
    expect(written).not.toMatch(/secret|tok-secret-1|\?x=1/);
    expect(lines.slice(before).map((l) => l.url)).toEqual(['/api/test/slow', '/api/test/slow-token/:token']);
  });

  test('a failing request writes its error', async () => {
    const before = lines.length;
    expect((await app.inject({ method: 'GET', url: '/api/test/fail' })).statusCode).toBe(500);
    expect(lines.slice(before)).toEqual([expect.objectContaining({ level: 50, msg: 'request failed' })]);
  });
});
