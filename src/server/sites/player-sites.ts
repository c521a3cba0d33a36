import type { FastifyInstance } from 'fastify';
import { deleteConnection, findConnection, type LichessConnection } from '../lichess/lichess-connections.js';
import { createChessComClient, type ChessComClient } from './chesscom.js';
import { createExplorerClient, type ExplorerClient } from './explorer.js';
import type { HttpQueue } from './http-queue.js';
import { createLichessClient, type LichessClient } from './lichess.js';
import { siteErr, type SiteResult } from './site-error.js';

/** The Lichess clients to use on behalf of one player (their own token once connected). */
export interface PlayerSites {
  explorer: ExplorerClient;
  lichess: LichessClient;
  chesscom: ChessComClient;
  /** The token these clients send (the player's, else LICHESS_TOKEN): whose 429 pause applies. */
  token?: string;
}

/** Told to a player whose own token Lichess refused (it has been forgotten). */
export const TOKEN_REFUSED_MESSAGE =
  'Lichess refused your token (it may have been revoked or expired): connect your Lichess account again on Manage Openings';

/** Explorer look-ups one player may have waiting at once; more are refused at once. */
export const MAX_WAITING_EXPLORER_CALLS = 4;

export interface PlayerSitesOptions {
  /**
   * For the player's one running job (a coverage check, a starter build): its explorer calls wait their
   * turn however many look-ups the player's pages have waiting. Refused, they would end the whole run.
   */
  job?: boolean;
}

/** The queue with every call marked as the player's, so each host serves its players in rotation. */
function ownedQueue(queue: HttpQueue, owner: string, maxWaiting?: number): HttpQueue {
  const send = queue.send;
  return {
    get: (url, request = {}) => queue.get(url, { ...request, owner, maxWaiting }),
    send: send && ((url, request) => send(url, { ...request, owner })),
    pausedUntil: (url, token) => queue.pausedUntil(url, token),
  };
}

/**
 * The site clients for calls made for `userId`: Lichess with the player's own token when they
 * connected Lichess, else the server's LICHESS_TOKEN (without one the explorer says to connect).
 * They share the server's queues, so calls stay one at a time per host for everyone, and each host
 * takes its players' calls in turn. A 401 answered to the player's token forgets the connection.
 */
export async function playerSites(
  app: FastifyInstance,
  userId: number,
  options: PlayerSitesOptions = {},
): Promise<PlayerSites> {
  const connection = await findConnection(app.db, app.config.sessionSecret, userId);
  const { config, log: logger } = app;
  const owner = String(userId);
  const common = { timeoutMs: config.siteTimeoutMs, logger };
  const lichessQueue = ownedQueue(app.siteQueues.lichess, owner);
  const chesscom = createChessComClient({ baseUrl: config.chessComUrl, ...common, queue: lichessQueue });
  const token = connection?.token ?? config.lichessToken;
  const explorer = createExplorerClient({
    baseUrl: config.lichessExplorerUrl,
    token,
    ...common,
    queue: ownedQueue(app.siteQueues.explorer, owner, options.job ? undefined : MAX_WAITING_EXPLORER_CALLS),
  });
  const lichess = createLichessClient({ baseUrl: config.lichessUrl, token, ...common, queue: lichessQueue });
  if (!connection) return { explorer, lichess, chesscom, token };
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
    chesscom,
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
