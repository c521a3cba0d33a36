import { z } from 'zod';
import { apiData } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Games that arrive by themselves: with auto_import on, the player's new games on Lichess and Chess.com
 * (played since the last import; at most 100 a site at a time) are saved as game reviews in the
 * background, at most once an hour per site and never twice (by the game's link). It is on by default
 * for a player with a site username.
 *
 *   GET  /api/games/settings                 -> {api_data: GameSettings}
 *   POST /api/games/settings {auto_import}   -> {api_data: GameSettings}
 */

const gameSettingsRequest = z.object({
  auto_import: z.boolean({ error: 'auto_import must be true or false' }),
});
export type GameSettingsRequest = z.infer<typeof gameSettingsRequest>;

const GAME_IMPORT_SITES = ['lichess', 'chesscom'] as const;

const siteImport = z.object({
  site: z.enum(GAME_IMPORT_SITES),
  username: z.string(),
  /** ISO 8601: when the last fetch started; null before any. */
  checked_at: z.string().nullable(),
  /** Games the last fetch saved as reviews. */
  imported: z.number().int(),
  /** Why the last fetch failed; null when it worked. */
  error: z.string().nullable(),
});
export type SiteImport = z.infer<typeof siteImport>;

const gameSettings = z.object({
  auto_import: z.boolean(),
  /** Whether the player chose it (false: it follows the default, on with a site username). */
  chosen: z.boolean(),
  /** One per site with a saved username. */
  sites: z.array(siteImport),
});
export type GameSettings = z.infer<typeof gameSettings>;

export const gameImportApi = {
  settings: endpoint({ method: 'GET', path: '/api/games/settings', answer: apiData(gameSettings) }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/api/games/settings',
    body: gameSettingsRequest,
    answer: apiData(gameSettings),
  }),
};
