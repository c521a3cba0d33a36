import { Result } from '@badrap/result';
import type { FastifyInstance } from 'fastify';
import { recentGamesApi, type GameRecord, type RecentGameSite } from '@contract/recent-games.js';
import type { GameRecord as CoreGameRecord, GameSite } from '../../chess/game-record.js';
import { toRecords } from '../sites/game-records.js';
import { savedLinks } from '../game-reviews/game-reviews-repository.js';
import { playerSites } from '../sites/player-sites.js';
import { siteBusy } from '../sites/site-busy.js';
import { CHESSCOM_MONTHS } from '../sites/chesscom.js';
import type { SiteResult } from '../sites/site-error.js';
import { isMissingLichessPlayer, isNoPlayerError, noPlayerMessage } from '../sites/unknown-player.js';
import { route } from './route.js';

/**
 * GET /api/recent-games?site=lichess|chesscom[&username=U] -> {api_data: [Game record]}: the caller's
 * recent games on that site (under the username saved for it, or U, which is not saved) that are not
 * saved as reviews yet and have moves, newest first. No username gives an empty list. A site that fails
 * gives an empty list with `error` saying what failed and `failed: true` (an empty account and a site
 * that is down must not look alike); a name the site does not know gives `error` saying so; a site
 * resting after a 429 is answered at once with `busy: true`, not after the pause.
 */
export async function recentGamesRoutes(app: FastifyInstance): Promise<void> {
  route(app, recentGamesApi.recentGames, { onRequest: app.requireUser }, async (request) => {
    const { query } = request;
    const site = query.site;
    const user = request.user!;
    const saved = site === 'lichess' ? user.username_lichess : user.username_chess_dot_com;
    const username = (query.username ?? saved)?.trim() ?? '';
    if (username === '') return { api_data: [] };
    const token = site === 'lichess' ? (await playerSites(app, user.id)).token : undefined;
    const busy = siteBusy(app.siteQueues.lichess, SITE_URLS[site](app), SITE_NAMES[site], token);
    if (busy) return { api_data: [], error: busy, busy: true };
    const [fetched, links] = await Promise.all([fetchPgns(app, user.id, site, username), savedLinks(app.db, user.id)]);
    if (fetched.isErr) {
      if (isNoPlayerError(fetched.error)) return { api_data: [], error: noPlayerMessage(SITE_NAMES[site], username) };
      const error = `${SITE_NAMES[site]} did not send the games (${fetched.error.message}): try again later`;
      return { api_data: [], error, failed: true };
    }
    const records = toRecords(fetched.value, username, SITE_NAMES[site]);
    const games = records.filter((game) => !links.has(game.link)).map(recordOnWire);
    // No games may mean a mistyped name: say so when Lichess has no such account.
    if (records.length === 0 && site === 'lichess' && (await isMissingLichessPlayer(app, user.id, username)))
      return { api_data: games, error: noPlayerMessage('Lichess', username) };
    return { api_data: games, already_reviewed: records.length - games.length };
  });
}

/** A game record under the wire's names. */
const recordOnWire = (r: CoreGameRecord): GameRecord => ({
  username: r.username,
  actual_opening: r.actualOpening,
  hero_color: r.heroColor,
  hero_elo: r.heroElo,
  hero_opening: r.heroOpening,
  how_left_opening: r.howLeftOpening,
  how_resolved: r.howResolved,
  link: r.link,
  notes: r.notes,
  opponent_elo: r.opponentElo,
  opponent_color: r.opponentColor,
  opponent_name: r.opponentName,
  pgn: r.pgn,
  result: r.result,
  move_left_opening: r.moveLeftOpening,
  date_time_played: r.dateTimePlayed,
  time_control: r.timeControl,
  site: r.site,
});

const SITE_NAMES: Record<RecentGameSite, GameSite> = { lichess: 'Lichess', chesscom: 'Chess.com' };
const SITE_URLS: Record<RecentGameSite, (app: FastifyInstance) => string> = {
  lichess: (app) => app.config.lichessUrl,
  chesscom: (app) => app.config.chessComUrl,
};

async function fetchPgns(
  app: FastifyInstance,
  userId: number,
  site: RecentGameSite,
  username: string,
): Promise<SiteResult<string[]>> {
  switch (site) {
    case 'lichess': {
      const { lichess } = await playerSites(app, userId);
      if (lichess.fetchUserGamesResult) return lichess.fetchUserGamesResult(username);
      return Result.ok(await lichess.fetchUserGames(username));
    }
    case 'chesscom':
      // Months that fail are skipped; an error only when every month failed.
      return (await playerSites(app, userId)).chesscom.fetchMonthsResult(
        username.trim().toLowerCase(),
        new Date(),
        CHESSCOM_MONTHS,
      );
  }
}
