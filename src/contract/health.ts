import { answerType, endpoint } from './endpoint.js';

/**
 * GET /api/health, for a load balancer or a process manager: 200 while this process reaches its
 * database, 503 {ok: false, database: 'unreachable'} when it does not.
 */
interface HealthAnswer {
  ok: true;
  database: 'reachable';
}

export const healthApi = {
  health: endpoint({ method: 'GET', path: '/api/health', answer: answerType<HealthAnswer>(), errors: [503] }),
};
