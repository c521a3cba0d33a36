import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, startTestServer, type TestServer } from '../../test/helper.js';
import type { Database } from './db/client.js';

// A built web folder as vite.config.ts writes it: hashed assets with .br and .gz beside them.
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const webDir = mkdtempSync(join(tmpdir(), 'chess-prep-web-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>',
);
writeFileSync(join(webDir, 'assets/index-AbC123.js'), script);
writeFileSync(join(webDir, 'assets/index-AbC123.js.gz'), gzipSync(script));
writeFileSync(join(webDir, 'assets/index-AbC123.js.br'), brotliCompressSync(script));

describe('the built web app', () => {
  let database: Database;
  let server: TestServer;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await startTestServer(database, { webDir });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  test('hashed assets are sent precompressed (brotli, else gzip) and cached as immutable', async () => {
    const br = await server.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gz = await server.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await server.app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  test('the page itself is revalidated on every load, at / and at client-side routes', async () => {
    for (const url of ['/', '/game_review']) {
      const page = await server.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('/assets/index-AbC123.js');
    }
  });
});
