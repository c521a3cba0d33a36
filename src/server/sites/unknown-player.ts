import type { FastifyInstance } from 'fastify';
import { playerSites } from './player-sites.js';
import type { SiteError } from './site-error.js';

/**
 * A name the site does not know, told apart from a player without games. The games export answers 404
 * for it (Chess.com, and Lichess for most names), or Lichess sends no games and then has no account by
 * that name either. A player with no games is said otherwise by each caller (the preparation's 404 keeps
 * its contract's "No games found for NAME on Lichess" for both).
 */

/** `siteName` as players read it: "Lichess", "Chess.com". */
export const noPlayerMessage = (siteName: string, username: string): string =>
  `${siteName} has no player named ${username}`;

/** Whether a failed games fetch means that the site has no such player. */
export const isNoPlayerError = (error: SiteError): boolean => error.kind === 'http' && error.status === 404;

/**
 * Whether Lichess says it has no account by that name; asked only once its export sent no games. A
 * lookup that fails counts as not missing, so the caller says "no games" rather than guess.
 */
export async function isMissingLichessPlayer(app: FastifyInstance, userId: number, username: string): Promise<boolean> {
  const { lichess } = await playerSites(app, userId);
  return (await lichess.findUser?.(username)) === 'missing';
}
