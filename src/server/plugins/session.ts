import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PlayerStarts } from './player-starts.js';
import { SessionCache } from './session-cache.js';
import { lichessConnections, sessions, users } from '../db/schema.js';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;

/** The user's own fields as the account calls answer them. */
export interface PublicUser {
  id: number;
  email: string;
  username: string;
  username_lichess: string | null;
  username_chess_dot_com: string | null;
}

/** The signed-in user as routes see it: with whether they connected their Lichess account, and as whom. */
export interface SessionUser extends PublicUser {
  lichess_connected: boolean;
  lichess_connected_as: string | null;
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
    /** Ends every session of the user except the one the request carries (after a password reset). */
    endOtherSessions: (request: FastifyRequest, userId: number) => Promise<void>;
    /** Ends every session of the player, this one too, and clears the cookie; answers how many ended. */
    endAllSessions: (request: FastifyRequest, reply: FastifyReply, userId: number) => Promise<number>;
    /** Drops this process's cached lookups for the user, after their row changed. */
    forgetCachedUser: (userId: number) => void;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Session lookups are cached per process for cacheMs (default 2 s) so that the check on every request costs no
 * query. Changes made in this process clear the cache at once; another process sharing the database sees a
 * logout, a password reset or a username change at most cacheMs late.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean; cacheMs?: number }) => {
  app.decorateRequest('user', null);
  const cacheMs = opts.cacheMs ?? 2000;
  const cache = new SessionCache<SessionUser>(cacheMs);

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
    // Keyed by the signed cookie itself: a hit skips checking the signature and hashing the token again.
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return undefined;
    const cached = cache.get(raw);
    if (cached) return cached;
    // A burst of one player's requests after the entry ran out asks the database once, not once each.
    return cache.lookUp(raw, async () => {
      const token = sessionToken(request);
      if (!token) return undefined;
      const rows = await app.db
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          username_lichess: users.usernameLichess,
          username_chess_dot_com: users.usernameChessDotCom,
          lichess_connected: sql<boolean>`${isNotNull(lichessConnections.userId)}`,
          lichess_connected_as: lichessConnections.lichessName,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(lichessConnections, eq(lichessConnections.userId, users.id))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return rows[0];
    });
  });

  const starts = new PlayerStarts();
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await app.findSessionUser(request);
    if (!user) {
      return reply.code(401).send({ api_result: 'user_not_logged_in' });
    }
    request.user = user;
    await starts.take(user.id);
  });

  app.decorate('startSession', async (reply: FastifyReply, userId: number) => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await app.db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
    // Expired rows are of no use to anyone: each sign-in sweeps its user's old ones.
    await app.db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw) cache.delete(raw);
    const token = sessionToken(request);
    if (token) await app.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    // Again once the row is gone: a look-up that read it meanwhile must not keep it.
    if (raw) cache.delete(raw);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.decorate('endOtherSessions', async (request: FastifyRequest, userId: number) => {
    const token = sessionToken(request);
    cache.deleteUser(userId);
    const mine = eq(sessions.userId, userId);
    await app.db.delete(sessions).where(token ? and(mine, ne(sessions.tokenHash, hashToken(token))) : mine);
    cache.deleteUser(userId);
  });

  app.decorate('endAllSessions', async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    cache.deleteUser(userId);
    const ended = await app.db
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ userId: sessions.userId });
    cache.deleteUser(userId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ended.length;
  });

  app.decorate('forgetCachedUser', (userId: number) => cache.deleteUser(userId));
});
