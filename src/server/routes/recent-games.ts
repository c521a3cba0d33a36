import type { FastifyInstance } from 'fastify';
import { makeGameRecord, type GameRecord, type GameSite } from '../../chess/game-record.js';
import { recentGamesQuerySchema, type RecentGameSite } from './game-review-schemas.js';
import { savedLinks } from './game-review-store.js';

/**
 * GET /api/recent-games?site=lichess|chesscom -> {api_data: [Game record]}: the caller's recent games
 * on that site (under the username saved for it) that are not saved as reviews yet, newest first.
 * No username, or a site that fails, gives an empty list (the site clients log why).
 */
export async function recentGamesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/recent-games', { onRequest: app.requireUser }, async (request) => {
    const { site } = recentGamesQuerySchema.parse(request.query);
    const user = request.user!;
    const username = (site === 'lichess' ? user.username_lichess : user.username_chess_dot_com)?.trim() ?? '';
    if (username === '') return { api_data: [] };
    const [pgns, saved] = await Promise.all([fetchPgns(app, site, username), savedLinks(app.db, user.id)]);
    return { api_data: toRecords(pgns, username, SITE_NAMES[site]).filter((game) => !saved.has(game.link)) };
  });
}

const SITE_NAMES: Record<RecentGameSite, GameSite> = { lichess: 'Lichess', chesscom: 'Chess.com' };

function fetchPgns(app: FastifyInstance, site: RecentGameSite, username: string): Promise<string[]> {
  switch (site) {
    case 'lichess':
      return app.sites.lichess.fetchUserGames(username);
    case 'chesscom':
      return app.sites.chesscom.fetchRecentGames(username, new Date());
  }
}

/** Game records of the games the user played, newest first; games that do not parse are left out. */
export function toRecords(pgns: readonly string[], username: string, site: GameSite): GameRecord[] {
  const records = pgns.flatMap((pgn) => {
    const record = makeGameRecord(pgn, username, site);
    return record.isOk ? [record.value] : [];
  });
  // ISO strings sort by time; games without a date keep their place at the end.
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => compareDates(b.record.date_time_played, a.record.date_time_played) || a.index - b.index)
    .map(({ record }) => record);
}

function compareDates(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
