import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  uniqueUser,
} from '../../../test/helper.js';
import { findLink, readOutbox } from '../accounts/mail-reading.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';

describe.each(testDatabaseKinds())('account calls on %s', (kind) => {
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

  async function countUsers(field: 'email' | 'username', value: string): Promise<number> {
    const rows = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users[field]}) = ${value.toLowerCase()}`);
    return rows.length;
  }

  async function registered() {
    const fields = uniqueUser('acct');
    const client = server.client();
    const response = await client.postForm('/api/register', fields);
    expect(response.body).toEqual({ api_status: 'success', api_data: 'register success' });
    return { client, fields };
  }

  test('register answers success, stores an argon2id hash and logs the new user in', async () => {
    const { client, fields } = await registered();
    const [row] = await database.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${fields.email}`);
    expect(row.username).toBe(fields.username);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(fields.password);
    const check = await client.postForm('/api/check-if-logged-in', {});
    expect(check.body).toEqual({
      LoggedIn: true,
      user: {
        id: row.id,
        email: fields.email,
        username: fields.username,
        username_lichess: null,
        username_chess_dot_com: null,
        lichess_connected: false,
        lichess_connected_as: null,
      },
    });
  });

  test('the session cookie is HttpOnly and SameSite=Lax', async () => {
    const response = await server.client().postForm('/api/register', uniqueUser('cookie'));
    const sid = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
  });

  test('register accepts multipart form data', async () => {
    const fields = uniqueUser('multi');
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const response = await server.client().postMultipart('/api/register', form);
    expect(response.body).toEqual({ api_status: 'success', api_data: 'register success' });
    expect(await countUsers('email', fields.email)).toBe(1);
  });

  test('a duplicate email, in any case, fails with email exists', async () => {
    const { fields } = await registered();
    const again = { ...uniqueUser('dup'), email: fields.email.toUpperCase() };
    const response = await server.client().postForm('/api/register', again);
    expect(response.body).toEqual({ api_status: 'fail', api_data: 'email exists' });
    expect(await countUsers('username', again.username)).toBe(0);
  });

  test('a duplicate username, in any case, fails with username exists', async () => {
    const { fields } = await registered();
    const again = { ...uniqueUser('dup'), username: fields.username.toUpperCase() };
    const response = await server.client().postForm('/api/register', again);
    expect(response.body).toEqual({ api_status: 'fail', api_data: 'username exists' });
    expect(await countUsers('email', again.email)).toBe(0);
  });

  test('two sign-ups racing for one email or username: one succeeds, the other is told why', async () => {
    const fields = uniqueUser('race');
    const sameEmail = { ...uniqueUser('race'), email: fields.email };
    const answers = await Promise.all([fields, sameEmail].map((f) => server.client().postForm('/api/register', f)));
    expect(answers.map((a) => a.body.api_data).sort()).toEqual(['email exists', 'register success']);
    const other = uniqueUser('race');
    const sameName = { ...uniqueUser('race'), username: other.username.toUpperCase() };
    const named = await Promise.all([other, sameName].map((f) => server.client().postForm('/api/register', f)));
    expect(named.map((a) => a.body.api_data).sort()).toEqual(['register success', 'username exists']);
    expect(await countUsers('username', other.username)).toBe(1);
  });

  test.each([
    ['an invalid email', { email: 'not-an-email' }],
    ['an empty username', { username: '  ' }],
    ['a username with @', { username: 'someone@else' }],
    ['an empty password', { password: '' }],
    ['an overlong password', { password: 'x'.repeat(300) }],
  ])('register with %s is a 400 and stores nothing', async (_name, change) => {
    const fields = { ...uniqueUser('bad'), ...change };
    const response = await server.client().postForm('/api/register', fields);
    expect(response.status).toBe(400);
    expect(typeof response.body.error).toBe('string');
    expect(await countUsers('email', fields.email)).toBe(0);
  });

  test('register without fields or with a JSON array body is a 400', async () => {
    const client = server.client();
    expect((await client.postForm('/api/register', {})).status).toBe(400);
    expect((await client.postJson('/api/register', [1, 2])).status).toBe(400);
    const broken = await client.request('POST', '/api/register', '{"email":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
  });

  test('sign-up mails a confirmation link to the outbox, which confirms once', async () => {
    const { fields } = await registered();
    const mail = readOutbox(server.config.dataDir).find((m) => m.includes(`To: ${fields.email}`));
    expect(mail).toBeDefined();
    expect(mail).toContain('From: Chess Prep <no-reply@chess-prep.local>');
    const link = findLink(mail!, `${server.config.publicUrl}/api/confirm-email/`);
    expect(link).toBeDefined();
    const path = new URL(link!).pathname;
    const first = await server.client().get(path);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/confirmed_success');
    const [row] = await database.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${fields.email}`);
    expect(row.emailConfirmedAt).toBeInstanceOf(Date);
    // Opened again: the address is already confirmed, and the page says so.
    const second = await server.client().get(path);
    expect(second.headers.get('location')).toBe('/confirmed_failure?reason=already_confirmed');
  });

  test('an unknown confirmation token redirects to /confirmed_failure', async () => {
    const response = await server.client().get('/api/confirm-email/no-such-token');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/confirmed_failure');
  });

  test('login by username or by email, in any case, answers the user', async () => {
    const { fields } = await registered();
    for (const login of [fields.username, fields.email.toUpperCase()]) {
      const client = server.client();
      const response = await client.postForm('/api/login', { username: login, password: fields.password });
      expect(response.body).toMatchObject({
        LoggedIn: true,
        user: { email: fields.email, username: fields.username, username_lichess: null, username_chess_dot_com: null },
      });
      expect(Object.keys(response.body.user).sort()).toEqual(
        [
          'email',
          'id',
          'username',
          'username_chess_dot_com',
          'username_lichess',
          'lichess_connected',
          'lichess_connected_as',
        ].sort(),
      );
      expect((await client.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(true);
    }
  });

  test('login with a wrong password answers bad_password and starts no session', async () => {
    const { fields } = await registered();
    const client = server.client();
    const response = await client.postForm('/api/login', { username: fields.username, password: 'wrong' });
    expect(response.body).toEqual({ LoggedIn: false, api_result: 'bad_password' });
    expect(client.cookies.has('sid')).toBe(false);
  });

  test('login with an unknown name answers no_such_user', async () => {
    const response = await server.client().postForm('/api/login', { username: 'nobody-here', password: 'x' });
    expect(response.body).toEqual({ LoggedIn: false, api_result: 'no_such_user' });
  });

  test('login without a password is a 400', async () => {
    const response = await server.client().postForm('/api/login', { username: 'someone' });
    expect(response.status).toBe(400);
  });

  test('logout ends the session', async () => {
    const { client } = await registered();
    const stolenCookies = new Map(client.cookies);
    expect((await client.postForm('/api/logout', {})).body).toEqual({ api_result: 'successful_logout' });
    expect((await client.postForm('/api/check-if-logged-in', {})).body).toEqual({ LoggedIn: false, user: null });
    // The old cookie no longer works either.
    client.cookies.clear();
    for (const [k, v] of stolenCookies) client.cookies.set(k, v);
    expect((await client.postForm('/api/check-if-logged-in', {})).body).toEqual({ LoggedIn: false, user: null });
  });

  test('check-if-logged-in without a session answers LoggedIn false and user null', async () => {
    const response = await server.client().postForm('/api/check-if-logged-in', {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ LoggedIn: false, user: null });
  });

  test('a forged session cookie is not a session', async () => {
    const client = server.client();
    client.cookies.set('sid', 'forged.value');
    expect((await client.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(false);
  });

  test('account POSTs without the XSRF header are refused with 403 and change nothing', async () => {
    const fields = uniqueUser('xsrf');
    const client = server.client();
    await client.get('/api/health');
    const body = new URLSearchParams(fields);
    const response = await client.request('POST', '/api/register', body, { 'x-xsrf-token': '' });
    expect(response.status).toBe(403);
    expect(await countUsers('email', fields.email)).toBe(0);
    for (const path of ['/api/login', '/api/logout', '/api/check-if-logged-in', '/api/password-reset-request']) {
      expect((await client.request('POST', path, body, { 'x-xsrf-token': 'wrong' })).status).toBe(403);
    }
  });

  test('the site usernames are saved and answered, and shown by the session check', async () => {
    const { client } = await registered();
    const lichess = await client.postForm('/api/update-lichess-username', { username_lichess: 'Magnus_1' });
    expect(lichess.body).toEqual({ api_result: 'general_sql_success', username_lichess: 'Magnus_1' });
    const form = new FormData();
    form.append('username_chess_dot_com', 'hikaru');
    const chesscom = await client.postMultipart('/api/update-chess-dot-com-username', form);
    expect(chesscom.body).toEqual({ api_result: 'general_sql_success', username_chess_dot_com: 'hikaru' });
    const check = await client.postForm('/api/check-if-logged-in', {});
    expect(check.body.user).toMatchObject({ username_lichess: 'Magnus_1', username_chess_dot_com: 'hikaru' });
    const cleared = await client.postForm('/api/update-lichess-username', { username_lichess: '' });
    expect(cleared.body).toEqual({ api_result: 'general_sql_success', username_lichess: null });
  });

  test('a site username with other characters is a 400', async () => {
    const { client } = await registered();
    const response = await client.postForm('/api/update-lichess-username', { username_lichess: '../admin' });
    expect(response.status).toBe(400);
    expect((await client.postForm('/api/check-if-logged-in', {})).body.user.username_lichess).toBeNull();
  });

  test('updating a site username without a session is a 401', async () => {
    const client = server.client();
    for (const [path, field] of [
      ['/api/update-lichess-username', 'username_lichess'],
      ['/api/update-chess-dot-com-username', 'username_chess_dot_com'],
    ]) {
      const response = await client.postForm(path, { [field]: 'someone' });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ api_result: 'user_not_logged_in' });
    }
  });
});
