import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  uniqueUser,
  type TestServer,
} from '../../../test/helper.js';
import { createAuthToken, RESET_TOKEN_MS } from '../accounts/auth-tokens.js';
import { passwordHashing } from '../accounts/passwords.js';
import type { Database } from '../db/client.js';
import { oauthStates, users } from '../db/schema.js';

describe.each(testDatabaseKinds())('passwords, sessions and sign-in flows on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  async function registered() {
    const fields = uniqueUser('sec');
    const client = server.client();
    const answer = await client.postForm('/api/register', fields);
    expect(answer.body.api_status, answer.text).toBe('success');
    const [row] = await server.app.db.select({ id: users.id }).from(users).where(eq(users.username, fields.username));
    return { client, fields, userId: row.id };
  }
  const login = (username: string, password: string) => server.client().postForm('/api/login', { username, password });

  test('sign-up with a password under 8 characters is refused and stores nothing', async () => {
    const fields = { ...uniqueUser('short'), password: 'seven77' };
    const answer = await server.client().postForm('/api/register', fields);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/at least 8 characters/);
    expect(await server.app.db.select().from(users).where(eq(users.username, fields.username))).toEqual([]);
  });

  test('a password reset to under 8 characters is refused and the old password still works', async () => {
    const { fields, userId } = await registered();
    const token = await createAuthToken(server.app.db, userId, 'password_reset', RESET_TOKEN_MS);
    const answer = await server.client().postForm('/api/password-reset', { password: 'short', token });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/at least 8 characters/);
    expect((await login(fields.username, fields.password)).body.LoggedIn).toBe(true);
  });

  test('change-password needs the current password and 8 characters, then ends the other sessions', async () => {
    const { client, fields } = await registered();
    const elsewhere = server.client();
    expect((await elsewhere.postForm('/api/login', fields)).body.LoggedIn).toBe(true);

    const short = await client.postJson('/api/change-password', {
      current_password: fields.password,
      new_password: 'abc',
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/at least 8 characters/);
    const wrong = await client.postJson('/api/change-password', {
      current_password: 'not-my-password',
      new_password: 'a-new-long-password',
    });
    expect(wrong.body).toEqual({ api_result: 'bad_password' });

    const changed = await client.postJson('/api/change-password', {
      current_password: fields.password,
      new_password: 'a-new-long-password',
    });
    expect(changed.body).toEqual({ api_result: 'password_changed' });
    expect((await login(fields.username, fields.password)).body.api_result).toBe('bad_password');
    expect((await login(fields.username, 'a-new-long-password')).body.LoggedIn).toBe(true);
    expect((await client.postJson('/api/check-if-logged-in', {})).body.LoggedIn).toBe(true);
    expect((await elsewhere.get('/api/get-cards')).status).toBe(401);
  });

  test('log out everywhere ends every session of the player, this one too', async () => {
    const { client, fields } = await registered();
    const phone = server.client();
    expect((await phone.postForm('/api/login', fields)).body.LoggedIn).toBe(true);
    const other = await signedInClient(server);

    const answer = await client.postJson('/api/logout-everywhere', {});
    expect(answer.body).toEqual({ api_result: 'logged_out_everywhere', sessions: 2 });
    expect((await client.get('/api/get-cards')).status).toBe(401);
    expect((await phone.get('/api/get-cards')).status).toBe(401);
    expect((await other.client.get('/api/get-cards')).status).toBe(200);
    expect((await server.client().postJson('/api/logout-everywhere', {})).status).toBe(401);
  });

  test('a login name nobody has still waits for a password check, like a known one', async () => {
    // Once, so the stand-in hash exists before the check slots are held.
    expect((await login('nobody-at-all', 'whatever-password')).body.api_result).toBe('no_such_user');
    const releases: (() => void)[] = [];
    const held = [0, 1].map(() => passwordHashing.run(() => new Promise<void>((resolve) => releases.push(resolve))));
    const answer = login('nobody-here-either', 'whatever-password');
    await vi.waitFor(() => expect(passwordHashing.queued).toBe(1), { timeout: 5000 });
    for (const release of releases) release();
    await Promise.all(held);
    expect((await answer).body).toEqual({ LoggedIn: false, api_result: 'no_such_user' });
  });

  test('a player can have only a few Lichess connections started at once', async () => {
    const { client, userId } = await signedInClient(server);
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.get('/api/lichess/connect')));
    const started = answers.filter((a) => a.status === 302).length;
    expect(started).toBeGreaterThan(0);
    expect(started).toBeLessThanOrEqual(5);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.error).toMatch(/Too many Lichess connections/);
    // One after another too: never more than five open.
    const later = [];
    for (let i = 0; i < 6; i += 1) later.push((await client.get('/api/lichess/connect')).status);
    expect(later).toContain(429);
    const rows = await server.app.db.select().from(oauthStates).where(eq(oauthStates.userId, userId));
    expect(rows.length).toBeLessThanOrEqual(5);
  });
});
