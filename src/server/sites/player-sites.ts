import type { FastifyInstance } from 'fastify';
import type { ExplorerClient } from './explorer.js';
import type { LichessClient } from './lichess.js';

/** The Lichess clients to use on behalf of one player (their own token once connected). */
export interface PlayerSites {
  explorer: ExplorerClient;
  lichess: LichessClient;
}

/** Lichess clients for calls made for `userId`: the server's token for now. */
export async function playerSites(app: FastifyInstance, _userId: number): Promise<PlayerSites> {
  return { explorer: app.sites.explorer, lichess: app.sites.lichess };
}
