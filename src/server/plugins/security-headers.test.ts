import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, startTestServer, type TestServer } from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const webDir = mkdtempSync(join(tmpdir(), 'chess-prep-headers-'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><script src="/theme-init.js"></script>');

describe('security headers', () => {
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

  test.each(['/', '/manage_openings', '/api/health', '/api/no-such-call'])('%s carries them', async (path) => {
    const answer = await server.client().get(path);
    const csp = answer.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(directives.get('worker-src')).toBe("'self' blob:");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain http here: no HSTS (a browser would remember it for the host).
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  test('behind https: HSTS for half a year, insecure requests upgraded; the headers of each answer are its own', async () => {
    const secure = await startTestServer(database, { webDir, publicUrl: 'https://chess.example.org' });
    try {
      const [first, second] = await Promise.all([secure.client().get('/'), secure.client().get('/api/health')]);
      for (const answer of [first, second]) {
        expect(answer.headers.get('strict-transport-security')).toBe('max-age=15552000');
        expect(answer.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
        expect(answer.headers.get('x-powered-by')).toBeNull();
      }
    } finally {
      await secure.close();
    }
  });
});
