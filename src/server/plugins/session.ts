import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema.js';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;

/** The signed-in user as routes see it. */
export interface SessionUser {
  id: number;
  email: string;
  username: string;
  username_lichess: string | null;
  username_chess_dot_com: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; null on routes that don't need a session. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** preHandler answering 401 {api_result: 'user_not_logged_in'} without a valid session. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Reads the session cookie; undefined when there is no valid session. */
    findSessionUser: (request: FastifyRequest) => Promise<SessionUser | undefined>;
    startSession: (reply: FastifyReply, userId: number) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const sessionPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  app.decorateRequest('user', null);

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secure,
    signed: true,
  };

  function sessionToken(request: FastifyRequest): string | undefined {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : undefined;
  }

  app.decorate('findSessionUser', async (request: FastifyRequest) => {
    const token = sessionToken(request);
    if (!token) return undefined;
    const rows = await app.db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        username_lichess: users.usernameLichess,
        username_chess_dot_com: users.usernameChessDotCom,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
      .limit(1);
    return rows[0];
  });

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await app.findSessionUser(request);
    if (!user) {
      return reply.code(401).send({ api_result: 'user_not_logged_in' });
    }
    request.user = user;
  });

  app.decorate('startSession', async (reply: FastifyReply, userId: number) => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await app.db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(request);
    if (token) await app.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});
