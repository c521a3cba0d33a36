import { z } from 'zod';
import { endpoint } from './endpoint.js';

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

const sideName = z.enum(['White', 'Black']);

/** A game seen from the hero's side, as the chess core reads it from the site's PGN (game-record.ts). */
const gameRecord = z.object({
  username: z.string(),
  actual_opening: z.string(),
  hero_color: sideName,
  hero_elo: z.number().nullable(),
  hero_opening: z.string(),
  how_left_opening: z.string(),
  /** Last word of the Termination tag: 'Normal', 'resignation', 'time', 'forfeit', 'agreement'... */
  how_resolved: z.string(),
  link: z.string(),
  notes: z.string(),
  opponent_elo: z.number().nullable(),
  opponent_color: sideName,
  opponent_name: z.string(),
  pgn: z.string(),
  /** From the hero's side: 1 win, 0.5 draw, 0 loss; null for an unfinished game. */
  result: z.number().nullable(),
  move_left_opening: z.string().nullable(),
  /** ISO 8601 UTC, or the date alone without a UTCTime tag; null without a date. */
  date_time_played: z.string().nullable(),
  time_control: z.string(),
  site: z.enum(['Lichess', 'Chess.com']),
});
export type GameRecord = z.infer<typeof gameRecord>;

const recentGamesAnswer = z.object({
  api_data: z.array(gameRecord),
  /** Why the list is empty: no such player, the site failed, or it rests after a 429. */
  error: z.string().optional(),
  /** The site rests after a 429: asking again later will help. */
  busy: z.boolean().optional(),
  /** The site failed (down, an error, a bad answer): the list says nothing of the account. */
  failed: z.boolean().optional(),
  /** How many of the games the site sent are already reviews (left out of the list). */
  already_reviewed: z.number().int().optional(),
});

export const recentGamesApi = {
  recentGames: endpoint({
    method: 'GET',
    path: '/api/recent-games',
    query: recentGamesQuery,
    answer: recentGamesAnswer,
  }),
};
