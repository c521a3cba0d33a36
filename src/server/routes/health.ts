import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { healthApi } from '@contract/health.js';
import { route } from './route.js';

/**
 * GET /api/health, for a load balancer or a process manager: 200 while this process reaches its
 * database, 503 when a trivial query fails or takes over two seconds (the process then serves
 * nothing useful and should get no traffic).
 */

const DATABASE_WAIT_MS = 2_000;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, healthApi.health, {}, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the database took too long')), DATABASE_WAIT_MS);
    });
    try {
      await Promise.race([app.db.execute(sql`select 1`), late]);
      return { ok: true, database: 'reachable' } as const;
    } catch (error) {
      app.log.warn({ err: error }, 'health check: the database did not answer');
      return reply.code(503).send({ ok: false, database: 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
