import type { FastifyInstance } from 'fastify';

/** Every /api route, grouped by resource: one plugin per file. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ ok: true }));
}
