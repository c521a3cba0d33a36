import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  uniqueUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two app processes on one database: PGlite can only be shared in-process, PostgreSQL through two connections.
describe.each(testDatabaseKinds())('sessions shared by two app instances on %s', (kind) => {
  let databases: Database[];
  let a: TestServer;
  let b: TestServer;
  let uncachedB: TestServer;
  const CACHE_MS = 300;

  beforeAll(async () => {
    const first = await openTestDatabase(kind);
    databases = kind === 'postgres' ? [first, await openTestDatabase(kind)] : [first];
    a = await startTestServer(databases[0], { sessionCacheMs: CACHE_MS });
    b = await startTestServer(databases.at(-1)!, { sessionCacheMs: CACHE_MS });
    uncachedB = await startTestServer(databases.at(-1)!, { sessionCacheMs: 0 });
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), uncachedB.close()]);
    for (const database of databases) await database.close();
  });

  /** The same browser talking to another instance: its cookies, another base URL. */
  function sameBrowserOn(server: TestServer, cookies: Map<string, string>) {
    const client = server.client();
    for (const [k, v] of cookies) client.cookies.set(k, v);
    return client;
  }

  test('a login on one instance is valid on the other', async () => {
    const fields = uniqueUser('twin');
    const onA = a.client();
    await onA.postForm('/api/register', fields);
    await onA.postForm('/api/logout', {});
    const loggedIn = await onA.postForm('/api/login', { username: fields.username, password: fields.password });
    expect(loggedIn.body.LoggedIn).toBe(true);
    const onB = sameBrowserOn(b, onA.cookies);
    const check = await onB.postForm('/api/check-if-logged-in', {});
    expect(check.body).toEqual({ LoggedIn: true, user: loggedIn.body.user });
    expect((await onB.postForm('/api/update-lichess-username', { username_lichess: 'twin_player' })).status).toBe(200);
  });

  test('a logout on one instance ends the session on the other within the cache time', async () => {
    const fields = uniqueUser('twin');
    const onA = a.client();
    await onA.postForm('/api/register', fields);
    const onB = sameBrowserOn(b, onA.cookies);
    const onUncachedB = sameBrowserOn(uncachedB, onA.cookies);
    expect((await onB.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(true);
    await onA.postForm('/api/logout', {});
    expect((await onUncachedB.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(false);
    await sleep(CACHE_MS + 50);
    expect((await onB.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(false);
  });

  test('a username saved on one instance shows on the other within the cache time', async () => {
    const fields = uniqueUser('twin');
    const onA = a.client();
    await onA.postForm('/api/register', fields);
    const onB = sameBrowserOn(b, onA.cookies);
    expect((await onB.postForm('/api/check-if-logged-in', {})).body.user.username_chess_dot_com).toBeNull();
    await onA.postForm('/api/update-chess-dot-com-username', { username_chess_dot_com: 'twin-cc' });
    expect((await onA.postForm('/api/check-if-logged-in', {})).body.user.username_chess_dot_com).toBe('twin-cc');
    await sleep(CACHE_MS + 50);
    expect((await onB.postForm('/api/check-if-logged-in', {})).body.user.username_chess_dot_com).toBe('twin-cc');
  });
});
