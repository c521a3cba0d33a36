import * as oauth from 'oauth4webapi';
import { z } from 'zod';
import { USER_AGENT } from '../sites/http-queue.js';

/**
 * Connect Lichess: OAuth 2 authorization code with PKCE (S256) against Lichess, which needs no client
 * registration (any client id, no secret). oauth4webapi builds the requests and checks the answers;
 * revoking is Lichess's own `DELETE /api/token`. Every call names the app in its User-Agent.
 *
 *   const start = await startAuthorization(settings);   // redirect the browser to start.url
 *   const token = await exchangeCode(settings, callbackParams, start.verifier);
 *   const name = await fetchAccountName(settings, token);
 */

export interface LichessOAuthSettings {
  /** Lichess base URL, e.g. https://lichess.org. */
  lichessUrl: string;
  clientId: string;
  /** $PUBLIC_URL/api/lichess/callback */
  redirectUri: string;
  timeoutMs: number;
}

/** Reading the player's studies, and writing the workshop's additions chapter to them. */
export const LICHESS_SCOPES = 'study:read study:write';

function server(settings: LichessOAuthSettings): oauth.AuthorizationServer {
  return {
    issuer: settings.lichessUrl,
    authorization_endpoint: `${settings.lichessUrl}/oauth`,
    token_endpoint: `${settings.lichessUrl}/api/token`,
  };
}

function requestOptions(settings: LichessOAuthSettings) {
  return {
    headers: { 'User-Agent': USER_AGENT },
    signal: () => AbortSignal.timeout(settings.timeoutMs),
    // Plain http only reaches the fake Lichess of the tests; the real one is https.
    [oauth.allowInsecureRequests]: settings.lichessUrl.startsWith('http:'),
  };
}

export interface StartedAuthorization {
  url: string;
  state: string;
  verifier: string;
}

export async function startAuthorization(settings: LichessOAuthSettings): Promise<StartedAuthorization> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(server(settings).authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    code_challenge_method: 'S256',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    scope: LICHESS_SCOPES,
    state,
  }).toString();
  return { url: url.toString(), state, verifier };
}

/** The access token for the code in the callback parameters (state already checked by the caller). */
export async function exchangeCode(
  settings: LichessOAuthSettings,
  callback: URLSearchParams,
  verifier: string,
): Promise<string> {
  const as = server(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  const params = oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    settings.redirectUri,
    verifier,
    requestOptions(settings),
  );
  const answer = await oauth.processAuthorizationCodeResponse(as, client, response);
  return answer.access_token;
}

const accountSchema = z.object({ id: z.string(), username: z.string().min(1) });

/** The Lichess username the token belongs to. */
export async function fetchAccountName(settings: LichessOAuthSettings, token: string): Promise<string> {
  const response = await fetch(`${settings.lichessUrl}/api/account`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, 'User-Agent': USER_AGENT },
    signal: AbortSignal.timeout(settings.timeoutMs),
  });
  if (!response.ok) throw new Error(`Lichess answered the account lookup with HTTP ${response.status}`);
  return accountSchema.parse(await response.json()).username;
}

/** Asks Lichess to forget the token; false when it could not be told (the token is dropped here anyway). */
export async function revokeToken(settings: LichessOAuthSettings, token: string): Promise<boolean> {
  try {
    const response = await fetch(`${settings.lichessUrl}/api/token`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}`, 'User-Agent': USER_AGENT },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    return response.ok || response.status === 401;
  } catch {
    return false;
  }
}
