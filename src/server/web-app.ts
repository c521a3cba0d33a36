import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { redactingStream } from './log-redaction.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { BODY_LIMIT } from './plugins/multipart-body.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { xsrfPlugin } from './plugins/xsrf.js';

/**
 * The built web client as a Fastify app serves it: the files, the client-side routes, and the headers
 * and cookies every answer carries. buildApp (app.ts) serves it beside the API; while the database
 * opens, main.ts serves it alone (buildWebApp), so the page answers before the API can.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Fastify's JSON-schema compilers (ajv, fast-json-stringify), loaded only if a route ever needs one:
 * route schemas are zod's and compile through fastify-type-provider-zod, and loading the two cost a
 * start some 100 ms.
 */
const requireOnUse = createRequire(import.meta.url);
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
function factoryOnUse<F extends (...args: never[]) => unknown>(name: string): F {
  let factory: F | undefined;
  return ((...args: Parameters<F>) => (factory ??= (requireOnUse(name) as () => F)())(...args)) as F;
}
const schemaCompilers: CompilersFactory = {
  buildValidator: factoryOnUse<NonNullable<CompilersFactory['buildValidator']>>('@fastify/ajv-compiler'),
  buildSerializer: factoryOnUse<NonNullable<CompilersFactory['buildSerializer']>>(
    '@fastify/fast-json-stringify-compiler',
  ),
};

/** A Fastify instance with the app's server settings. */
export function createFastify(config: Config, logStream?: { write(line: string): void }): FastifyInstance {
  return Fastify({
    // Every line is redacted on its way out: no query string, token or password reaches the log.
    logger: config.logger ? { level: 'info', stream: redactingStream(logStream ?? process.stdout) } : false,
    // A log line per request cost a third of throughput: errors (error-handler) and slow requests only.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ?? false,
    schemaController: { compilersFactory: schemaCompilers },
  });
}

/** The files of the built web client by their path under webDir ('assets/index-AbC.js'), dotfiles left out. */
function webFiles(webDir: string): ReadonlySet<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(webDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(webDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (!path.split('/').some((part) => part.startsWith('.'))) files.add(path);
  }
  return files;
}

/** The built web client's files, and its page for every other GET outside /api (client-side routes). */
export async function registerWebFiles(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const files = webDir && existsSync(join(webDir, 'index.html')) ? webFiles(webDir) : undefined;
  if (webDir && files) {
    await app.register(fastifyStatic, {
      root: webDir,
      // The files found here at start are served by one route (below) instead of the plugin's route
      // per file (some 180 files, GET and HEAD each), which cost a start 100-200 ms. The plugin's own
      // catch-all route would read the folders on every request to check a name's spelling.
      serve: false,
      // The build writes .br and .gz files beside the others (vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      // Hashed names under /assets never change content; everything else is checked on each load.
      setHeaders: (res, filePath) =>
        res.header('cache-control', filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache'),
    });
    // eslint-disable-next-line no-restricted-syntax -- the web client's files, not an API endpoint
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      // sendFile sends the answer; returning the reply made Fastify wait on it as a thenable, which piled
      // listeners on the response.
      handler: (request, reply) => {
        const name = (request.params as { '*': string })['*'] || 'index.html';
        if (files.has(name)) reply.sendFile(name);
        else reply.callNotFound();
      },
    });
  }
  // Client-side routes (/signin, /game_review, ...) all load the single-page app.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || !webDir) {
      return reply.code(404).send({ error: 'Not found' });
    }
    if (!existsSync(join(webDir, 'index.html'))) {
      return reply.code(404).type('text/plain').send('The web app is not built: run npm run build');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDir);
  });
}

/** True for a GET or HEAD outside /api, which the web files answer (the path decoded as the router reads it). */
function isPageRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = (url ?? '/').split('?', 1)[0];
  try {
    const decoded = decodeURIComponent(path);
    return decoded !== '/api' && !decoded.startsWith('/api/');
  } catch {
    return false;
  }
}

/**
 * The web files alone, answering while `whole` (the app with its API, which needs the database) is
 * built. Every other request waits for `whole` and is answered by it, and once it is built every
 * request is: this app only keeps the listening socket, with Fastify's own handling of it (keep-alive,
 * both addresses of `localhost`, 503 while closing).
 */
export async function buildWebApp(config: Config, whole: Promise<FastifyInstance>): Promise<FastifyInstance> {
  const app = createFastify(config);
  let built: FastifyInstance | undefined;
  whole.then(
    (instance) => (built = instance),
    () => undefined,
  );
  // First of the hooks: a request handed over has run none of this app's.
  app.addHook('onRequest', (request, reply, done) => {
    if (!built && isPageRequest(request.raw.method, request.raw.url)) return done();
    reply.hijack();
    if (built) return built.routing(request.raw, reply.raw);
    whole.then(
      (instance) => instance.routing(request.raw, reply.raw),
      () => reply.raw.destroy(),
    );
  });
  const secure = config.publicUrl.startsWith('https:');
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { secure });
  await app.register(compressionPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(xsrfPlugin, { secure });
  await registerWebFiles(app, config.webDir);
  return app;
}
