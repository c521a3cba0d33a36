import { createServer as createTcpServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  uniqueUser,
} from '../../../test/helper.js';
import { findLink, readOutbox } from '../accounts/mail-reading.js';
import { hashToken } from '../accounts/auth-tokens.js';
import type { Database } from '../db/client.js';
import { authTokens, sessions, users } from '../db/schema.js';

/** A real SMTP server on a free port that keeps every raw mail it receives. */
async function startSmtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => smtp.close(() => r())) };
}

/** An SMTP server that turns every connection away with its greeting, so mail cannot be sent. */
async function startRefusingSmtpServer() {
  const server = createTcpServer((socket) => socket.end('554 5.3.2 No service here\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(testDatabaseKinds())('password reset on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let smtpServer: TestServer;
  let deadSmtpServer: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let refusingSmtp: Awaited<ReturnType<typeof startRefusingSmtpServer>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    smtp = await startSmtpServer();
    refusingSmtp = await startRefusingSmtpServer();
    server = await startTestServer(database);
    smtpServer = await startTestServer(database, { smtpUrl: smtp.url, publicUrl: 'http://chess.example.test:8080' });
    deadSmtpServer = await startTestServer(database, { smtpUrl: refusingSmtp.url });
  });
  afterAll(async () => {
    await Promise.all([server.close(), smtpServer.close(), deadSmtpServer.close()]);
    await Promise.all([smtp.close(), refusingSmtp.close()]);
    await database.close();
  });

  async function registered(on = server) {
    const fields = uniqueUser('reset');
    const client = on.client();
    expect((await client.postForm('/api/register', fields)).body.api_status).toBe('success');
    return { client, fields };
  }

  /** Asks for a reset and returns the token from the outbox mail. */
  async function requestReset(login: string, email: string): Promise<string> {
    const response = await server.client().postForm('/api/password-reset-request', { email: login });
    expect(response.body).toEqual({ api_result: 'successful_password_reset_request' });
    const mails = readOutbox(server.config.dataDir).filter(
      (m) => m.includes(`To: ${email}`) && m.includes('reset_password'),
    );
    const link = findLink(mails.at(-1)!, `${server.config.publicUrl}/reset_password/`);
    expect(link).toBeDefined();
    return link!.split('/').at(-1)!;
  }

  const login = (client: HttpClient, username: string, password: string) =>
    client.postForm('/api/login', { username, password });

  test('a reset asked by email or by username mails a link; the new password works and the old does not', async () => {
    const { fields } = await registered();
    for (const asked of [fields.email, fields.username]) {
      const token = await requestReset(asked, fields.email);
      const newPassword = `new-${asked}`;
      const reset = await server.client().postForm('/api/password-reset', { password: newPassword, token });
      expect(reset.body).toEqual({
        api_result: 'successful_password_reset',
        api_result_details: expect.any(String),
      });
      expect((await login(server.client(), fields.username, newPassword)).body.LoggedIn).toBe(true);
      expect((await login(server.client(), fields.username, fields.password)).body).toEqual({
        LoggedIn: false,
        api_result: 'bad_password',
      });
      fields.password = newPassword;
    }
  });

  test('the reset token is stored only as its hash and expires after an hour', async () => {
    const { fields } = await registered();
    const token = await requestReset(fields.email, fields.email);
    const rows = await database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    expect(rows[0].kind).toBe('password_reset');
    const hours = (rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(1, 2);
    const stored = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(authTokens)
      .where(eq(authTokens.tokenHash, token));
    expect(stored[0].n).toBe(0);
  });

  test('a reset asked for an unknown account answers no_such_user', async () => {
    const response = await server.client().postForm('/api/password-reset-request', { email: 'nobody@example.com' });
    expect(response.body).toEqual({ api_result: 'no_such_user' });
  });

  test('a reset request without the field is a 400', async () => {
    expect((await server.client().postForm('/api/password-reset-request', {})).status).toBe(400);
  });

  test('a used token cannot reset again', async () => {
    const { fields } = await registered();
    const token = await requestReset(fields.email, fields.email);
    const first = await server.client().postForm('/api/password-reset', { password: 'first-new', token });
    expect(first.body.api_result).toBe('successful_password_reset');
    const second = await server.client().postForm('/api/password-reset', { password: 'second-new', token });
    expect(second.body).toEqual({
      api_result: 'failed_password_reset',
      api_result_details: expect.stringMatching(/used/),
    });
    expect((await login(server.client(), fields.username, 'first-new')).body.LoggedIn).toBe(true);
  });

  test('a reset ends the other links of that user', async () => {
    const { fields } = await registered();
    const older = await requestReset(fields.email, fields.email);
    const newer = await requestReset(fields.email, fields.email);
    expect(
      (await server.client().postForm('/api/password-reset', { password: 'password-one', token: newer })).body
        .api_result,
    ).toBe('successful_password_reset');
    const late = await server.client().postForm('/api/password-reset', { password: 'password-two', token: older });
    expect(late.body.api_result).toBe('failed_password_reset');
  });

  test('an expired token answers password_reset_token_expired and changes nothing', async () => {
    const { fields } = await registered();
    const token = await requestReset(fields.email, fields.email);
    await database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const response = await server.client().postForm('/api/password-reset', { password: 'too-late', token });
    expect(response.body).toEqual({
      api_result: 'password_reset_token_expired',
      api_result_details: expect.any(String),
    });
    expect((await login(server.client(), fields.username, fields.password)).body.LoggedIn).toBe(true);
  });

  test('an unknown token answers failed_password_reset', async () => {
    const response = await server.client().postForm('/api/password-reset', { password: 'whatever', token: 'nope' });
    expect(response.body).toEqual({ api_result: 'failed_password_reset', api_result_details: expect.any(String) });
  });

  test('a reset without a password is a 400 and leaves the token usable', async () => {
    const { fields } = await registered();
    const token = await requestReset(fields.email, fields.email);
    expect((await server.client().postForm('/api/password-reset', { password: '', token })).status).toBe(400);
    expect((await server.client().postForm('/api/password-reset', { token })).status).toBe(400);
    const ok = await server.client().postForm('/api/password-reset', { password: 'now-set-password', token });
    expect(ok.body.api_result).toBe('successful_password_reset');
  });

  test('a reset ends the sessions the user had', async () => {
    const { client, fields } = await registered();
    const other = server.client();
    expect((await login(other, fields.username, fields.password)).body.LoggedIn).toBe(true);
    // Both sessions have just been looked up (and so are in this process's cache).
    expect((await client.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(true);
    expect((await other.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(true);
    const token = await requestReset(fields.email, fields.email);
    await server.client().postForm('/api/password-reset', { password: 'after-reset', token });
    expect((await client.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(false);
    expect((await other.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(false);
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, fields.email));
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  test('over SMTP, the reset mail arrives and its link resets the password', async () => {
    const { fields } = await registered(smtpServer);
    const asked = await smtpServer.client().postForm('/api/password-reset-request', { email: fields.username });
    expect(asked.body).toEqual({ api_result: 'successful_password_reset_request' });
    const mail = smtp.received.filter((m) => m.to.includes(fields.email)).find((m) => m.raw.includes('reset_password'));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('From: Chess Prep <no-reply@chess-prep.local>');
    expect(mail!.raw).toContain('Subject: Reset your Chess Prep password');
    const link = findLink(mail!.raw, 'http://chess.example.test:8080/reset_password/');
    expect(link).toBeDefined();
    // The web page at that link posts the token from its path with the new password.
    const token = new URL(link!).pathname.split('/').at(-1)!;
    const reset = await smtpServer.client().postForm('/api/password-reset', { password: 'from-the-mail', token });
    expect(reset.body.api_result).toBe('successful_password_reset');
    expect((await login(smtpServer.client(), fields.email, 'from-the-mail')).body.LoggedIn).toBe(true);
    // Over SMTP nothing goes to the outbox.
    expect(readOutbox(smtpServer.config.dataDir)).toEqual([]);
  });

  test('over SMTP, sign-up mails the confirmation link', async () => {
    const { fields } = await registered(smtpServer);
    const mail = smtp.received.find((m) => m.to.includes(fields.email) && m.raw.includes('confirm-email'));
    const link = findLink(mail!.raw, 'http://chess.example.test:8080/api/confirm-email/');
    const confirmed = await smtpServer.client().get(new URL(link!).pathname);
    expect(confirmed.headers.get('location')).toBe('/confirmed_success');
  });

  test('when the mail cannot be sent, the request answers failed_password_reset_request', async () => {
    // Sign-up still succeeds without its confirmation mail.
    const { fields } = await registered(deadSmtpServer);
    const response = await deadSmtpServer.client().postForm('/api/password-reset-request', { email: fields.email });
    expect(response.body).toEqual({ api_result: 'failed_password_reset_request' });
  });
});
