// Test support: a user row and a signed-in HTTP client for the game review tests, made straight in
// the database so these tests need no sign-up flow.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpClient, uniqueUser } from '../../../test/helper.js';
import { sessions, users } from '../db/schema.js';
import { SESSION_COOKIE } from '../plugins/session.js';

export interface TestUser {
  id: number;
  client: HttpClient;
}

/** Creates a user with the given site usernames and a client carrying a valid session for them. */
export async function signedInUser(
  app: FastifyInstance,
  baseUrl: string,
  names: { lichess?: string; chesscom?: string } = {},
): Promise<TestUser> {
  const fields = uniqueUser('gr');
  const [row] = await app.db
    .insert(users)
    .values({
      email: fields.email,
      username: fields.username,
      passwordHash: 'not-a-hash',
      usernameLichess: names.lichess ?? null,
      usernameChessDotCom: names.chesscom ?? null,
    })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await app.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: row.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const client = new HttpClient(baseUrl);
  client.cookies.set(SESSION_COOKIE, encodeURIComponent(app.signCookie(token)));
  return { id: row.id, client };
}
