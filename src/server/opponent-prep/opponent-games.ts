import type { FastifyInstance } from 'fastify';
import type { PrepSite } from '@contract/opponent-prep.js';
import { PREP_SITE_NAMES } from '@contract/opponent-prep.js';
import { playerSites } from '../sites/player-sites.js';
import { siteOk, type SiteError, type SiteResult } from '../sites/site-error.js';
import { isMissingLichessPlayer, isNoPlayerError, noPlayerMessage } from '../sites/unknown-player.js';

/** Lichess: the opponent's last games, this many. */
export const PREP_LICHESS_GAMES = 200;
/** Chess.com: the opponent's archives of the current month and the months before it, this many in all. */
export const PREP_CHESSCOM_MONTHS = 3;

export type OpponentGames = { ok: true; pgns: string[] } | { ok: false; status: 404 | 502; error: string };

export const noGamesMessage = (username: string, site: PrepSite): string =>
  `No games found for ${username} on ${PREP_SITE_NAMES[site]}`;

/**
 * Why no game of the opponent's could be read: Lichess sends an empty export for some names it does
 * not know, so it is asked whether the player exists before "no games" is said.
 */
export async function noGamesReason(app: FastifyInstance, userId: number, site: PrepSite, username: string) {
  const missing = site === 'lichess' && (await isMissingLichessPlayer(app, userId, username));
  return missing ? noPlayerMessage(PREP_SITE_NAMES[site], username) : noGamesMessage(username, site);
}

/**
 * The opponent's recent games as PGN texts, newest first, or why there are none: a 404 from the site
 * means no such player (worded as the game picker words it); any other failure says the site failed, and how.
 */
export async function fetchOpponentGames(
  app: FastifyInstance,
  userId: number,
  site: PrepSite,
  username: string,
  now: Date,
  onStep: (done: number, total: number) => void,
): Promise<OpponentGames> {
  let result: SiteResult<string[]>;
  if (site === 'lichess') {
    onStep(0, 1);
    const { lichess } = await playerSites(app, userId);
    result = lichess.fetchUserGamesResult
      ? await lichess.fetchUserGamesResult(username, PREP_LICHESS_GAMES)
      : siteOk(await lichess.fetchUserGames(username, PREP_LICHESS_GAMES));
    onStep(1, 1);
  } else {
    onStep(0, PREP_CHESSCOM_MONTHS);
    const { chesscom } = await playerSites(app, userId);
    result = await chesscom.fetchMonthsResult(username, now, PREP_CHESSCOM_MONTHS, onStep);
  }
  if (result.isOk) return { ok: true, pgns: result.value };
  if (isNoPlayerError(result.error))
    return { ok: false, status: 404, error: noPlayerMessage(PREP_SITE_NAMES[site], username) };
  return { ok: false, status: 502, error: siteFailureMessage(site, username, result.error) };
}

function siteFailureMessage(site: PrepSite, username: string, error: SiteError): string {
  const name = PREP_SITE_NAMES[site];
  switch (error.kind) {
    case 'timeout':
      return `${name} did not answer in time with ${username}'s games: try again in a minute`;
    case 'network':
      return `${name} could not be reached for ${username}'s games: try again later`;
    case 'http':
      return error.status === 429
        ? `${name} is busy (too many requests): try again in a minute`
        : `${name} failed to send ${username}'s games (HTTP ${error.status ?? '?'}): try again later`;
    default:
      return `${name} sent ${username}'s games in a form that could not be read: try again later`;
  }
}
