import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { appMemoryPlugin } from './plugins/app-memory.js';
import { createPasswords, type Passwords } from './accounts/passwords.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { mailPlugin } from './plugins/mail.js';
import { repertoireCachePlugin } from './openings/repertoire-cache.js';
import { multipartBodyPlugin } from './plugins/multipart-body.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sessionPlugin } from './plugins/session.js';
import { sitesPlugin } from './plugins/sites.js';
import { jobsPlugin } from './jobs/job-queue.js';
import { textInputPlugin } from './plugins/text-input.js';
import { xsrfPlugin } from './plugins/xsrf.js';
import { apiRoutes } from './routes/index.js';
import { createFastify, registerWebFiles } from './web-app.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Which database serves: a few queries take the shape each driver reads fastest. */
    dbKind: Database['kind'];
    /** Password hashing at the configured cost. */
    passwords: Passwords;
  }
}

/** Requests slower than this are logged (with the errors); the others are not. */
const SLOW_REQUEST_MS = 1000;

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config and closed with the app. */
  database?: Database;
  /** Where log lines go when config.logger is on (tests read them); standard output otherwise. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (the test that every route declares its schema reads them). */
  onRoute?: (route: RouteOptions) => void;
}

/** The whole app: plugins, API routes and the built web client, ready to listen or to inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createFastify(config, options.logStream);

  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.dataDir }));
  if (!options.database) app.addHook('onClose', () => database.close());

  if (config.logger) {
    app.addHook('onResponse', async (request, reply) => {
      if (reply.elapsedTime >= SLOW_REQUEST_MS) {
        request.log.warn(
          {
            method: request.method,
            // The route's pattern where there is one (tokens in paths stay out), else the path alone.
            url: request.routeOptions.url ?? request.url.split('?')[0],
            statusCode: reply.statusCode,
            responseTime: Math.round(reply.elapsedTime),
          },
          'slow request',
        );
      }
    });
  }

  // Answers sent while the server closes end their connection, so a closing server does not wait out
  // the keep-alive of a client whose long request (an import, say) was just answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // Route schemas are the zod modules of src/contract: requests are validated against them.
  app.setValidatorCompiler(validatorCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('passwords', createPasswords(config.passwordCost));

  const secure = config.publicUrl.startsWith('https:');
  await app.register(appMemoryPlugin);
  await app.register(repertoireCachePlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { secure });
  await app.register(compressionPlugin);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(formbody);
  await app.register(multipartBodyPlugin);
  await app.register(xsrfPlugin, { secure });
  await app.register(textInputPlugin);
  await app.register(sessionPlugin, { secure, cacheMs: config.sessionCacheMs });
  await app.register(mailPlugin);
  await app.register(rateLimitPlugin);
  await app.register(sitesPlugin);
  await app.register(jobsPlugin, { database });
  await app.register(apiRoutes, { prefix: '/api' });

  await registerWebFiles(app, config.webDir);

  return app;
}
