import { z } from 'zod';
import type { GameRecord } from '../chess/game-record.js';
import { answerType, endpoint } from './endpoint.js';

/**
 * GET /api/recent-games?site=lichess|chesscom[&username=U] -> {api_data: [Game record]}: the caller's
 * recent games on that site (under the username saved for it, or U, which is not saved) that are not
 * saved as reviews yet and have moves, newest first. No username, or a site that fails, gives an
 * empty list; a Lichess name with no account adds `error` saying so, and so does a site resting
 * after a 429 (with `busy: true`, answered at once rather than after the pause).
 */

const RECENT_GAME_SITES = ['lichess', 'chesscom'] as const;
export type RecentGameSite = (typeof RECENT_GAME_SITES)[number];

const recentGamesQuery = z.object({
  site: z.enum(RECENT_GAME_SITES, { error: 'site must be lichess or chesscom' }),
  /** Another name to read games for (the opening tool's own input); the saved one when left out. */
  username: z.string().max(100, { error: 'username is too long' }).optional(),
});

export type { GameRecord };

interface RecentGamesAnswer {
  api_data: GameRecord[];
  /** Why the list is empty: no such player, the site failed, or it rests after a 429. */
  error?: string;
  /** The site rests after a 429: asking again later will help. */
  busy?: boolean;
  /** The site failed (down, an error, a bad answer): the list says nothing of the account. */
  failed?: boolean;
}

export const recentGamesApi = {
  recentGames: endpoint({
    method: 'GET',
    path: '/api/recent-games',
    query: recentGamesQuery,
    answer: answerType<RecentGamesAnswer>(),
  }),
};
