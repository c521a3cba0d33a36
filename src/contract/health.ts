import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * GET /api/health, for a load balancer or a process manager: 200 while this process reaches its
 * database, 503 {ok: false, database: 'unreachable'} when it does not.
 */
const healthAnswer = z.object({
  ok: z.literal(true),
  database: z.literal('reachable'),
});

export const healthApi = {
  health: endpoint({ method: 'GET', path: '/api/health', answer: healthAnswer, errors: [503] }),
};
