import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  uniqueUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh client address per test (the app trusts X-Forwarded-For), so runs never share counters. */
const newIp = () => `10.${[...randomBytes(3)].join('.')}`;

const post = (client: HttpClient, ip: string, path: string, fields: Record<string, string>) =>
  client.request('POST', path, new URLSearchParams(fields), { 'x-forwarded-for': ip });

describe.each(testDatabaseKinds())('rate limits on %s', (kind) => {
  let databases: Database[];
  let a: TestServer;
  let b: TestServer;
  let short: TestServer;

  beforeAll(async () => {
    const first = await openTestDatabase(kind);
    databases = kind === 'postgres' ? [first, await openTestDatabase(kind)] : [first];
    // The default limits, as in production.
    a = await startTestServer(databases[0], { rateLimits: undefined, trustProxy: true });
    b = await startTestServer(databases.at(-1)!, { rateLimits: undefined, trustProxy: true });
    short = await startTestServer(databases[0], {
      // Long enough for two logins of an unknown name, each checked against a stand-in password hash.
      rateLimits: { login: { max: 2, windowMs: 4000 } },
      trustProxy: true,
    });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), short.close()]);
    for (const database of databases) await database.close();
  });

  test('the 11th login in a minute from one address is refused with 429', async () => {
    const ip = newIp();
    const client = a.client();
    for (let i = 0; i < 10; i++) {
      const response = await post(client, ip, '/api/login', { username: 'nobody-rl', password: 'x' });
      expect(response.body).toEqual({ LoggedIn: false, api_result: 'no_such_user' });
    }
    const refused = await post(client, ip, '/api/login', { username: 'nobody-rl', password: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post(client, newIp(), '/api/login', { username: 'nobody-rl', password: 'x' })).status).toBe(200);
  });

  test('the 6th sign-up in a minute is refused with 429 and stores nothing', async () => {
    const ip = newIp();
    const client = a.client();
    for (let i = 0; i < 5; i++) {
      const response = await post(a.client(), ip, '/api/register', uniqueUser('rl'));
      expect(response.body.api_status).toBe('success');
    }
    const fields = uniqueUser('rl');
    const refused = await post(client, ip, '/api/register', fields);
    expect(refused.status).toBe(429);
    const login = await post(client, newIp(), '/api/login', { username: fields.username, password: fields.password });
    expect(login.body.api_result).toBe('no_such_user');
  });

  test('the 11th reset request in a minute is refused with 429', async () => {
    const ip = newIp();
    const client = a.client();
    for (let i = 0; i < 10; i++) {
      expect((await post(client, ip, '/api/password-reset-request', { email: 'nobody@example.com' })).status).toBe(200);
    }
    expect((await post(client, ip, '/api/password-reset-request', { email: 'nobody@example.com' })).status).toBe(429);
  });

  test('the counters live in the database, so two instances count together', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await post(a.client(), ip, '/api/login', { username: 'nobody-rl', password: 'x' });
    for (let i = 0; i < 5; i++) await post(b.client(), ip, '/api/login', { username: 'nobody-rl', password: 'x' });
    expect((await post(b.client(), ip, '/api/login', { username: 'nobody-rl', password: 'x' })).status).toBe(429);
    expect((await post(a.client(), ip, '/api/login', { username: 'nobody-rl', password: 'x' })).status).toBe(429);
    const rows = await databases[0].db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `login:${ip}`));
    expect(rows[0].count).toBe(12);
  });

  test('calls arriving together are counted exactly', async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i % 2 ? a.client() : b.client(), ip, '/api/login', { username: 'nobody-rl', password: 'x' }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
  });

  test('a limit opens again when its window ends', async () => {
    const ip = newIp();
    const client = short.client();
    expect((await post(client, ip, '/api/login', { username: 'nobody-rl', password: 'x' })).status).toBe(200);
    expect((await post(client, ip, '/api/login', { username: 'nobody-rl', password: 'x' })).status).toBe(200);
    expect((await post(client, ip, '/api/login', { username: 'nobody-rl', password: 'x' })).status).toBe(429);
    await sleep(4100);
    expect((await post(client, ip, '/api/login', { username: 'nobody-rl', password: 'x' })).status).toBe(200);
  });

  test('other API calls and pages are not limited', async () => {
    const ip = newIp();
    const client = a.client();
    for (let i = 0; i < 11; i++) await post(client, ip, '/api/login', { username: 'nobody-rl', password: 'x' });
    for (let i = 0; i < 30; i++) {
      expect((await post(client, ip, '/api/check-if-logged-in', {})).status).toBe(200);
    }
    expect((await client.request('GET', '/api/health', undefined, { 'x-forwarded-for': ip })).status).toBe(200);
  });
});
