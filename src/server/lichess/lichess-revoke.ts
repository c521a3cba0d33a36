import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { deleteConnection, findConnection } from './lichess-connections.js';
import { revokeToken, type LichessOAuthSettings } from './lichess-oauth.js';

/** The OAuth settings of this server: Lichess's address, our client id and callback, the sites' timeout. */
export function lichessOAuthSettings(config: Config): LichessOAuthSettings {
  return {
    lichessUrl: config.lichessUrl,
    clientId: config.lichessClientId ?? 'chess-prep',
    redirectUri: `${config.publicUrl}/api/lichess/callback`,
    timeoutMs: config.siteTimeoutMs,
  };
}

/**
 * Asks Lichess to revoke the player's token, then forgets it here whatever Lichess answered (a token
 * we no longer hold is of no use to anyone here). `revoked` is false when Lichess could not be told.
 */
export async function revokeConnection(
  db: Db,
  config: Config,
  userId: number,
): Promise<{ connected: boolean; revoked: boolean }> {
  const connection = await findConnection(db, config.sessionSecret, userId);
  const revoked = connection ? await revokeToken(lichessOAuthSettings(config), connection.token) : false;
  await deleteConnection(db, userId);
  return { connected: connection !== undefined, revoked };
}
