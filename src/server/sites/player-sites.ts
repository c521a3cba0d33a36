import type { FastifyInstance } from 'fastify';
import { deleteConnection, findConnection, type LichessConnection } from '../lichess/lichess-connections.js';
import { createExplorerClient, type ExplorerClient } from './explorer.js';
import { createLichessClient, type LichessClient } from './lichess.js';
import { siteErr, type SiteResult } from './site-error.js';

/** The Lichess clients to use on behalf of one player (their own token once connected). */
export interface PlayerSites {
  explorer: ExplorerClient;
  lichess: LichessClient;
  /** The token these clients send (the player's, else LICHESS_TOKEN): whose 429 pause applies. */
  token?: string;
}

/** Told to a player whose own token Lichess refused (it has been forgotten). */
export const TOKEN_REFUSED_MESSAGE =
  'Lichess refused your token (it may have been revoked or expired): connect your Lichess account again on Manage Openings';

/**
 * Lichess clients for calls made for `userId`: with the player's own token when they connected
 * Lichess, else the server's LICHESS_TOKEN (app.sites; without one the explorer says to connect).
 * They share the server's queues, so calls stay one at a time per host for everyone. A 401 answered
 * to the player's token forgets the connection.
 */
export async function playerSites(app: FastifyInstance, userId: number): Promise<PlayerSites> {
  const connection = await findConnection(app.db, app.config.sessionSecret, userId);
  if (!connection) return { explorer: app.sites.explorer, lichess: app.sites.lichess, token: app.config.lichessToken };
  const { config, log: logger } = app;
  const explorer = createExplorerClient({
    baseUrl: config.lichessExplorerUrl,
    token: connection.token,
    timeoutMs: config.siteTimeoutMs,
    logger,
    queue: app.siteQueues.explorer,
  });
  const lichess = createLichessClient({
    baseUrl: config.lichessUrl,
    token: connection.token,
    timeoutMs: config.siteTimeoutMs,
    logger,
    queue: app.siteQueues.lichess,
  });
  const refused =
    <A extends unknown[], T>(call: (...args: A) => Promise<SiteResult<T>>) =>
    async (...args: A): Promise<SiteResult<T>> => {
      const result = await call(...args);
      if (result.isOk || result.error.status !== 401) return result;
      await forgetRefusedToken(app, userId, connection);
      return siteErr('http', TOKEN_REFUSED_MESSAGE, 401);
    };
  return {
    token: connection.token,
    explorer: {
      hasToken: true,
      busyUntil: explorer.busyUntil,
      fetchPosition: refused(explorer.fetchPosition),
      fetchMasters: refused(explorer.fetchMasters),
    },
    lichess: {
      ...lichess,
      listStudies: refused(lichess.listStudies),
      fetchStudyPgn: refused(lichess.fetchStudyPgn),
    },
  };
}

async function forgetRefusedToken(app: FastifyInstance, userId: number, connection: LichessConnection): Promise<void> {
  app.log.warn({ userId }, 'Lichess refused a player token; the connection is forgotten');
  await deleteConnection(app.db, userId, connection.sealed);
  app.forgetCachedUser(userId);
}
