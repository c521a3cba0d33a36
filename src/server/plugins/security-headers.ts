import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer. The page loads only its own scripts (the engine's WebAssembly
 * needs 'wasm-unsafe-eval' and runs in a Web Worker from our assets), talks only to this server (the
 * chess sites are called by the server, never the browser), may not be framed, and never leaks its
 * path to another site. Inline styles stay allowed: board pieces are placed with style attributes.
 *
 * Helmet's middleware is made once and run on every request. (Fastify's helmet plugin made it again for
 * each request, reading the policy's directives anew: 10-17 µs a request, 30 of them when one player
 * floods the explorer.)
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { secure: boolean }) => {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The page opens Lichess and Chess.com games in new tabs; those need no hold on this window.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: opts.secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
});
