// Test support: a user row and a session cookie straight in the database, for route tests.
import { createHash, randomBytes } from 'node:crypto';
import { sessions, users } from '../db/schema.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { uniqueUser, type HttpClient, type TestServer } from '../../../test/helper.js';

export async function loggedInClient(server: TestServer): Promise<{ client: HttpClient; userId: number }> {
  const fields = uniqueUser('op');
  const [row] = await server.app.db
    .insert(users)
    .values({ email: fields.email, username: fields.username, passwordHash: 'x' })
    .returning({ id: users.id });
  const token = randomBytes(24).toString('base64url');
  await server.app.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: row.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const client = server.client();
  client.cookies.set(SESSION_COOKIE, encodeURIComponent(server.app.signCookie(token)));
  return { client, userId: row.id };
}
