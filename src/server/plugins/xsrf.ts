import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Methods that change nothing; every other one must carry the token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit XSRF protection: every response hands out a readable XSRF-TOKEN cookie, and every
 * state-changing request must echo it in the X-XSRF-TOKEN header, which another site's form cannot do.
 * The check does not look at the raw URL: the router decodes it (`/%61pi/login` is `/api/login`), so a
 * prefix test on the raw text can be dodged. Every POST, PUT, PATCH and DELETE is checked whatever its
 * path; the app has no state-changing route outside /api, and an unknown path loses nothing by a 403.
 */
export const xsrfPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        return reply.code(403).send({ error: 'Missing or invalid XSRF token' });
      }
    }
  });
});
