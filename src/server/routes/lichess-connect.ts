import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lichessConnectApi } from '@contract/lichess-connect.js';
import { fillLichessUsername } from '../accounts/users-repository.js';
import { OAUTH_STATE_MS, saveConnection, saveOAuthState, takeOAuthState } from '../lichess/lichess-connections.js';
import { exchangeCode, fetchAccountName, startAuthorization } from '../lichess/lichess-oauth.js';
import { lichessOAuthSettings, revokeConnection } from '../lichess/lichess-revoke.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { route } from './route.js';

/**
 * Connect Lichess (src/contract/lichess-connect.ts): connect sends the browser to Lichess with a PKCE challenge and a state
 * bound to this session; callback checks the state, exchanges the code, looks up the account and
 * keeps the token sealed; disconnect revokes the token at Lichess and forgets it. The token never
 * reaches the browser or a log line.
 */

const RESULT_PAGE = '/manage_openings?lichess=';

export async function lichessConnectRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const settings = lichessOAuthSettings(config);
  // The signed session cookie names the session; only its hash is stored with the flow.
  const sessionKey = (request: FastifyRequest) => request.cookies[SESSION_COOKIE] ?? '';

  route(app, lichessConnectApi.connect, { preHandler: app.requireUser }, async (request, reply) => {
    const started = await startAuthorization(settings);
    const saved = await saveOAuthState(app.db, {
      state: started.state,
      userId: request.user!.id,
      sessionKey: sessionKey(request),
      verifier: started.verifier,
    });
    if (!saved) {
      return reply.code(429).send({
        error: `Too many Lichess connections started in the last ${OAUTH_STATE_MS / 60_000} minutes: finish one, or wait and try again`,
      });
    }
    return reply.redirect(started.url, 302);
  });

  route(app, lichessConnectApi.callback, {}, async (request, reply) => {
    const { query } = request;
    const text = (name: 'code' | 'state' | 'error') => {
      const value = query[name];
      return typeof value === 'string' ? value : '';
    };
    const user = await app.findSessionUser(request);
    const state = text('state');
    // The state is used up whatever the outcome, so a callback cannot be replayed.
    const verifier = user && state ? await takeOAuthState(app.db, state, user.id, sessionKey(request)) : undefined;
    if (text('error') === 'access_denied') return reply.redirect(`${RESULT_PAGE}denied`, 302);
    if (!user || !verifier || text('error') || !text('code')) {
      request.log.warn(
        { reason: !verifier ? 'unknown, expired or foreign state' : 'no code' },
        'Lichess connection refused',
      );
      return reply.redirect(`${RESULT_PAGE}failed`, 302);
    }
    try {
      const params = new URLSearchParams({ code: text('code'), state });
      const token = await exchangeCode(settings, params, verifier);
      const name = await fetchAccountName(settings, token);
      await saveConnection(app.db, config.sessionSecret, user.id, name, token);
      // The Lichess name fills the player's Lichess username when they had not given one.
      await fillLichessUsername(app.db, user.id, name);
      app.forgetCachedUser(user.id);
      return reply.redirect(`${RESULT_PAGE}connected`, 302);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      request.log.warn({ err: message }, 'Lichess token exchange or account lookup failed');
      return reply.redirect(`${RESULT_PAGE}failed`, 302);
    }
  });

  route(app, lichessConnectApi.disconnect, { preHandler: app.requireUser }, async (request) => {
    const userId = request.user!.id;
    const { connected, revoked } = await revokeConnection(app.db, config, userId);
    if (connected && !revoked)
      request.log.warn({ userId }, 'Lichess could not be told to revoke a token; forgotten here');
    app.forgetCachedUser(userId);
    return { api_data: { lichess_connected: false, revoked } } as const;
  });
}
