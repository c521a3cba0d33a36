// Every route declares the schema of what it reads (src/contract): a method that carries a body
// declares its body (`noBody` for a call that reads none), a path with parameters its params, a
// handler that reads the query string its querystring. And the endpoint registry (src/contract/api.ts)
// is the API: every route is one of its endpoints, with the endpoint's own schemas, and every endpoint
// is served. Checked on the routes as the app registers them.
import Fastify, { type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { api, endpoints } from '../src/contract/api.js';
import { buildApp } from '../src/server/app.js';
import type { Database } from '../src/server/db/client.js';
import { openTestDatabase, testConfig } from './helper.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const key = (method: string, path: string) => `${method} ${path}`;

/** What a route reads without declaring it: "POST /api/x: body", one line each. */
function undeclared(routes: readonly RouteOptions[]): string[] {
  const found: string[] = [];
  for (const route of routes) {
    // Fastify adds a HEAD route for each GET, with the GET's schema.
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length === 0) continue;
    const schema = route.schema ?? {};
    const handler = String(route.handler);
    const missing: string[] = [];
    if (methods.some((m) => BODY_METHODS.has(m)) && !schema.body) missing.push('body');
    if (route.url.includes(':') && !schema.params) missing.push('params');
    if (/\.query\b/.test(handler) && !schema.querystring) missing.push('querystring');
    if (/\.params\b/.test(handler) && !schema.params && !missing.includes('params')) missing.push('params');
    for (const part of missing) found.push(`${methods.join(',')} ${route.url}: ${part}`);
  }
  return found;
}

describe('route schemas', () => {
  let database: Database;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const app = await buildApp(testConfig(), { database, onRoute: (route) => void routes.push(route) });
    await app.close();
  });
  afterAll(() => database.close());

  test('every API route declares the schema of what it reads', () => {
    const api = routes.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(60);
    expect(undeclared(api)).toEqual([]);
  });

  const served = () =>
    routes
      .filter((r) => r.url.startsWith('/api/'))
      .flatMap((r) =>
        [r.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => ({ key: key(m, r.url), route: r })),
      );

  test('every route is an endpoint and every endpoint is served', () => {
    const declared = endpoints().map((e) => key(e.method, e.path));
    expect(new Set(declared).size).toBe(declared.length);
    expect(
      served()
        .map((s) => s.key)
        .sort(),
    ).toEqual([...declared].sort());
  });

  test("each route validates with its endpoint's own schemas", () => {
    const byKey = new Map(endpoints().map((e) => [key(e.method, e.path), e]));
    for (const { key: k, route } of served()) {
      const endpoint = byKey.get(k)!;
      const schema = route.schema ?? {};
      expect(schema.params, `${k} params`).toBe(endpoint.params);
      expect(schema.querystring, `${k} query`).toBe(endpoint.query);
      expect(schema.body, `${k} body`).toBe(endpoint.body);
    }
  });

  test('the registry groups every feature', () => {
    expect(Object.keys(api).length).toBeGreaterThan(15);
    expect(endpoints().length).toBeGreaterThan(100);
  });

  test('a route reading a body, a query or parameters it did not declare is caught', async () => {
    const seen: RouteOptions[] = [];
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.addHook('onRoute', (route) => void seen.push(route));
    app.post('/plain', async (request) => request.body);
    app.get('/search', async (request) => request.query);
    app.get('/item/:id', async () => 'item');
    app.post('/declared', { schema: { body: z.object({ a: z.string() }) } }, async (request) => request.body);
    await app.ready();
    expect(undeclared(seen)).toEqual(['POST /plain: body', 'GET /search: querystring', 'GET /item/:id: params']);
    await app.close();
  });
});
