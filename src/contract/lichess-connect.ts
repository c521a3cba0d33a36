import { z } from 'zod';
import { apiData, noBody } from './common.js';
import { answerType, endpoint } from './endpoint.js';

/**
 * Connect Lichess (OAuth 2 with PKCE; Lichess needs no client registration).
 *
 *   GET  /api/lichess/connect     -> 302 to Lichess's authorization page (state bound to this session, 10 min)
 *   GET  /api/lichess/callback?code=&state= (or error=access_denied)
 *                                 -> 302 to /manage_openings?lichess=connected | failed | denied
 *   POST /api/lichess/disconnect  -> {api_data: {lichess_connected: false, revoked}}
 * The token is kept sealed on the server: it never reaches the browser.
 */

/** Whatever Lichess sends back; a missing or odd value is a failed connection, not a 400. */
const callbackQuery = z.looseObject({
  code: z.unknown().optional(),
  state: z.unknown().optional(),
  error: z.unknown().optional(),
});

const disconnectAnswer = apiData(
  z.object({
    lichess_connected: z.literal(false),
    /**
     * Whether Lichess revoked a token: false without one, or when Lichess could not be told (the token
     * is forgotten here all the same).
     */
    revoked: z.boolean(),
  }),
);
export type DisconnectAnswer = z.infer<typeof disconnectAnswer>;

export const lichessConnectApi = {
  /** A link: 302 to Lichess, 429 after too many unfinished connections. */
  connect: endpoint({
    method: 'GET',
    path: '/api/lichess/connect',
    answer: answerType<never>(),
    answerKind: 'redirect',
    errors: [429],
  }),
  callback: endpoint({
    method: 'GET',
    path: '/api/lichess/callback',
    query: callbackQuery,
    answer: answerType<never>(),
    answerKind: 'redirect',
  }),
  disconnect: endpoint({
    method: 'POST',
    path: '/api/lichess/disconnect',
    body: noBody,
    answer: disconnectAnswer,
  }),
};
