import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChessComClient, type ChessComClient } from '../sites/chesscom.js';
import { createExplorerClient, type ExplorerClient } from '../sites/explorer.js';
import { createHttpQueue, type HttpQueue } from '../sites/http-queue.js';
import { createLichessClient, type LichessClient } from '../sites/lichess.js';
import { createSharedHostCoordinator } from '../sites/shared-host-coordinator.js';

/** The external chess sites, as routes reach them. */
export interface Sites {
  lichess: LichessClient;
  chesscom: ChessComClient;
  explorer: ExplorerClient;
}

/** The queues behind app.sites, for clients built per player (their own token, same queues). */
export interface SiteQueues {
  lichess: HttpQueue;
  explorer: HttpQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    sites: Sites;
    siteQueues: SiteQueues;
  }
}

/**
 * Decorates app.sites with clients built from config. They share one queue, so calls to a host go
 * one at a time across all users and a 429 pauses that host for everyone, in every process on the
 * database (shared-host-coordinator.ts).
 */
export const sitesPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const logger = app.log;
    // Processes sharing the database take turns with each host and share 429 pauses.
    const coordinator = createSharedHostCoordinator(app.db);
    const queue = createHttpQueue({
      timeoutMs: config.siteTimeoutMs,
      rateLimitPauseMs: config.rateLimitPauseMs,
      // Lichess hanging must not hold every player for a time limit each: after a timeout or a refused
      // connection its calls answer their fallback at once for one time limit. (Chess.com is read month
      // by month, and one month failing says little about the next.)
      failureRestMs: config.siteTimeoutMs,
      failureRestHosts: [new URL(config.lichessUrl).host],
      logger,
      coordinator,
    });
    const common = { timeoutMs: config.siteTimeoutMs, logger, queue };
    // The explorer asks for a pause between lookups (spec: 1200 ms), on top of one call at a time.
    const explorerQueue = createHttpQueue({
      timeoutMs: config.siteTimeoutMs,
      rateLimitPauseMs: config.rateLimitPauseMs,
      minIntervalMs: config.explorerIntervalMs ?? 0,
      logger,
      coordinator,
    });
    app.decorate('siteQueues', { lichess: queue, explorer: explorerQueue } satisfies SiteQueues);
    app.decorate('sites', {
      lichess: createLichessClient({ baseUrl: config.lichessUrl, token: config.lichessToken, ...common }),
      chesscom: createChessComClient({ baseUrl: config.chessComUrl, ...common }),
      explorer: createExplorerClient({
        baseUrl: config.lichessExplorerUrl,
        token: config.lichessToken,
        ...common,
        queue: explorerQueue,
      }),
    } satisfies Sites);
  },
  { name: 'sites' },
);
