// The endpoint registry (src/contract/api.ts) is the API: every route the app registers is one of its
// endpoints, with the endpoint's own schemas, and every endpoint is served.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, endpoints } from '../src/contract/api.js';
import { buildApp } from '../src/server/app.js';
import type { Database } from '../src/server/db/client.js';
import { openTestDatabase, testConfig } from './helper.js';

const key = (method: string, path: string) => `${method} ${path}`;

describe('endpoint registry', () => {
  let database: Database;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const app = await buildApp(testConfig(), { database, onRoute: (route) => void routes.push(route) });
    await app.close();
  });
  afterAll(() => database.close());

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
});
