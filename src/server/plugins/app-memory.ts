import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NamedStatements } from '../db/named-statements.js';
import { DrillMemory } from '../drill/drill-memory.js';
import { OpeningsMemory } from '../openings/openings-memory.js';
import { RepertoireMemory } from '../repertoire/repertoire-memory.js';
import { TodayMemory } from '../today/today-memory.js';

/**
 * What the app keeps in memory between requests (caches, work under way), made once per app: two apps
 * in one process (tests run two "processes" on one database) share none of it, as two processes would not.
 */
export const appMemoryPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('drillMemory', new DrillMemory());
  app.decorate('openingsMemory', new OpeningsMemory());
  app.decorate('repertoireMemory', new RepertoireMemory());
  app.decorate('todayMemory', new TodayMemory());
  app.decorate('statements', new NamedStatements(app.db));
});
