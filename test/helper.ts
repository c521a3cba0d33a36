// Boots the real app on a real database for integration tests, and talks HTTP to it.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import type { Config } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { sessions, users } from '../src/server/db/schema.js';
import { SESSION_COOKIE } from '../src/server/plugins/session.js';
import { openTemplateDatabase } from './pglite-template.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The job queue's schema of each test database: on PostgreSQL every test file shares one database, and
 * a job must go only to the apps of the file that queued it (they have its fake sites).
 */
const jobsSchemas = new WeakMap<Database, string>();

export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const database = await openDatabase({ url });
    jobsSchemas.set(database, `pgboss_${randomBytes(6).toString('hex')}`);
    return database;
  }
  return openTemplateDatabase();
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    publicUrl: 'http://localhost:3000',
    sessionSecret: 'test-secret-that-is-long-enough-for-signing',
    lichessUrl: 'http://127.0.0.1:9',
    lichessExplorerUrl: 'http://127.0.0.1:9',
    chessComUrl: 'http://127.0.0.1:9',
    webDir: undefined,
    logger: false,
    siteTimeoutMs: 2_000,
    rateLimitPauseMs: 200,
    // Tests share one database and one IP; only the rate-limit tests turn limits on.
    rateLimits: false,
    // The hourly import would reach every test's players on the shared database: tests run it themselves.
    gameImportEveryMs: 0,
    // Hashes a hundred times lighter than production's: every sign-up and login hashes (passwords.test.ts
    // checks the default cost).
    passwordCost: { memoryCost: 1024, timeCost: 1 },
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: Config;
  /** A new client with its own cookie jar (a separate browser). */
  client(): HttpClient;
  close(): Promise<void>;
}

/** Starts the app on a free port over the given database (shared, not closed here). */
export async function startTestServer(database: Database, overrides: Partial<Config> = {}): Promise<TestServer> {
  const config = testConfig({ jobsSchema: jobsSchemas.get(database), ...overrides });
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    config,
    client: () => new HttpClient(url),
    close: async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A JSON answer as the tests read it: field by field, with the assertions checking its shape. The
 * API's own types are in src/contract; tests that want them pass one as T.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpResponse<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar that sends the XSRF header the way the web app does. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async get<T = Json>(path: string): Promise<HttpResponse<T>> {
    return this.request<T>('GET', path);
  }

  /** POST application/x-www-form-urlencoded. */
  async postForm<T = Json>(path: string, fields: Record<string, string>): Promise<HttpResponse<T>> {
    return this.request<T>('POST', path, new URLSearchParams(fields));
  }

  async postJson<T = Json>(path: string, value: unknown): Promise<HttpResponse<T>> {
    return this.request<T>('POST', path, JSON.stringify(value), { 'content-type': 'application/json' });
  }

  async postMultipart<T = Json>(path: string, form: FormData): Promise<HttpResponse<T>> {
    return this.request<T>('POST', path, form);
  }

  /** Raw request; XSRF header added on POST unless headers say otherwise. */
  async request<T = Json>(
    method: string,
    path: string,
    body?: BodyInit,
    headers: Record<string, string> = {},
  ): Promise<HttpResponse<T>> {
    if (method === 'POST' && !this.cookies.has('XSRF-TOKEN')) await this.get('/api/health');
    const allHeaders: Record<string, string> = { ...headers };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method === 'POST' && xsrf && !('x-xsrf-token' in headers)) allHeaders['x-xsrf-token'] = xsrf;
    if (this.cookies.size) {
      allHeaders.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const response = await fetch(this.baseUrl + path, { method, body, headers: allHeaders, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
}

let counter = 0;
/** Unique sign-up fields, so tests sharing one database never collide. */
export function uniqueUser(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${process.pid}${counter}`;
  return { email: `${id}@example.com`, username: id, password: `pw-${id}-secret` };
}

export interface SignInOptions {
  /** Start of the generated username. */
  prefix?: string;
  lichess?: string;
  chesscom?: string;
}

/**
 * A user row and a session made straight in the database (no sign-up flow), with the session cookie
 * set on the given client. Returns the user's id.
 */
export async function signInDirectly(
  app: FastifyInstance,
  client: HttpClient,
  options: SignInOptions = {},
): Promise<number> {
  const fields = uniqueUser(options.prefix ?? 'user');
  const [row] = await app.db
    .insert(users)
    .values({
      email: fields.email,
      username: fields.username,
      passwordHash: 'not-a-hash',
      usernameLichess: options.lichess ?? null,
      usernameChessDotCom: options.chesscom ?? null,
    })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await app.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: row.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  client.cookies.set(SESSION_COOKIE, encodeURIComponent(app.signCookie(token)));
  return row.id;
}

/** A new client (its own cookie jar) signed in as a new user. */
export async function signedInClient(
  server: TestServer,
  options: SignInOptions = {},
): Promise<{ client: HttpClient; userId: number }> {
  const client = server.client();
  return { client, userId: await signInDirectly(server.app, client, options) };
}

export interface TestUser {
  id: number;
  client: HttpClient;
}

/** A user with the given site usernames and a client carrying a valid session for them. */
export async function signedInUser(
  app: FastifyInstance,
  baseUrl: string,
  names: { lichess?: string; chesscom?: string } = {},
): Promise<TestUser> {
  const client = new HttpClient(baseUrl);
  return { id: await signInDirectly(app, client, { prefix: 'gr', ...names }), client };
}

/** One server-sent event as a stream's reader sees it. */
export type StreamEvent = { event: string; data: Json };

/** The complete `event:`/`data:` blocks of a server-sent event stream's text. */
export function parseEvents(text: string): StreamEvent[] {
  return text.split(/\n\n/).flatMap((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    return event && data ? [{ event, data: JSON.parse(data) as Json }] : [];
  });
}
