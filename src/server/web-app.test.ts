import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../test/helper.js';
import { buildWebApp } from './web-app.js';

// A built web folder as vite.config.ts writes it.
const webDir = mkdtempSync(join(tmpdir(), 'chess-prep-web-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>page</title>');
writeFileSync(join(webDir, 'assets/index-AbC123.js'), 'console.log(1);\n');

/** A stand-in for the whole app: it says it answered. */
async function wholeApp(): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/*', async (request) => ({ whole: request.url }));
  app.post('/*', async (request) => ({ whole: request.url, body: request.body }));
  await app.ready();
  return app;
}

describe('the web files served while the database opens', () => {
  const opened: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of opened) await app.close();
  });

  test('the page answers at once, with the headers and cookie every answer carries', async () => {
    const web = await buildWebApp(testConfig({ webDir }), new Promise<FastifyInstance>(() => {}));
    opened.push(web);
    for (const url of ['/', '/game_review', '/assets/index-AbC123.js']) {
      const page = await web.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(String(page.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    }
    expect((await web.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await web.inject({ url: '/assets/index-AbC123.js' })).headers['cache-control']).toContain('immutable');
  });

  test('API requests wait for the whole app and are answered by it, bodies included', async () => {
    let built!: (app: FastifyInstance) => void;
    const web = await buildWebApp(testConfig({ webDir }), new Promise<FastifyInstance>((resolve) => (built = resolve)));
    opened.push(web);
    let answered = false;
    const health = web.inject({ url: '/api/health' }).then((response) => {
      answered = true;
      return response;
    });
    const posted = web.inject({ method: 'POST', url: '/api/login', payload: { username: 'a' } });
    // An encoded /api path waits too: the router reads it decoded.
    const encoded = web.inject({ url: '/%61pi/health' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);

    const whole = await wholeApp();
    opened.push(whole);
    built(whole);
    expect((await health).json()).toEqual({ whole: '/api/health' });
    expect((await posted).json()).toEqual({ whole: '/api/login', body: { username: 'a' } });
    expect((await encoded).json()).toEqual({ whole: '/%61pi/health' });
    // Once it is built, the whole app answers everything.
    expect((await web.inject({ url: '/' })).json()).toEqual({ whole: '/' });
  });
});
