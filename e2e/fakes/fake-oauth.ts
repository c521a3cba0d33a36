import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Fake Lichess OAuth (PKCE) for Connect Lichess, served by the fake Lichess: `GET /oauth` approves at
 * once and redirects back with a code (or with `error=access_denied` after `setConsent('deny')`),
 * `POST /api/token` checks the code verifier against the challenge, `GET /api/account` names the
 * token's owner, `DELETE /api/token` revokes it. The owner also has a private study, listed and
 * served only with their token.
 *
 *   const token = sites.oauth.liveTokens()[0];
 *   sites.oauth.invalidateAll(); // Lichess forgot every token: calls with one answer 401
 */

export const FAKE_LICHESS_ACCOUNT = { id: 'chess700800', username: 'Chess700800' } as const;
export const PRIVATE_STUDY = { id: 'PrivRep1', name: 'My private repertoire' } as const;
export const PRIVATE_STUDY_PGN = `[Event "My private repertoire: Italian"]
[Site "https://lichess.org/study/PrivRep1/Chap0001"]
[Result "*"]
[Variant "Standard"]

1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bc4 *
`;

export type FakeConsent = 'approve' | 'deny';

export interface FakeOAuthRequest {
  method: string;
  path: string;
  userAgent: string;
  /** The form fields of a token request. */
  form?: Record<string, string>;
}

export interface FakeOAuth {
  setConsent(consent: FakeConsent): void;
  /** Tokens issued and neither revoked nor invalidated. */
  liveTokens(): string[];
  revokedTokens(): string[];
  /** Every issued token becomes unknown to Lichess (a 401 for calls carrying one). */
  invalidateAll(): void;
  requests(): FakeOAuthRequest[];
  /** 'live' for a token this fake issued and still honours, 'dead' for one it issued but no longer does. */
  tokenStatus(authorization: string | undefined): 'live' | 'dead' | 'other' | 'none';
  /** The scopes a live token was granted (those the authorization asked for, or `limitScopes`'). */
  tokenScopes(authorization: string | undefined): string[];
  /**
   * Tokens issued from now on get these scopes whatever is asked (a player who connected before
   * study:write was asked for); undefined: the scopes asked for.
   */
  limitScopes(scopes: string[] | undefined): void;
  /** A live token with these scopes, as if a player had connected (for tests that store it directly). */
  issueToken(scopes: string[]): string;
  reset(): void;
}

interface PendingCode {
  challenge: string;
  redirectUri: string;
  clientId: string;
  scopes: string[];
}

const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(value));
};

export function createFakeOAuth(): FakeOAuth & {
  /** Answers the OAuth routes; false for any other request. */
  handle(req: IncomingMessage, url: URL, res: ServerResponse): boolean;
} {
  let consent: FakeConsent = 'approve';
  let limited: string[] | undefined;
  const codes = new Map<string, PendingCode>();
  const scopes = new Map<string, string[]>();
  const live = new Set<string>();
  const dead = new Set<string>();
  const revoked: string[] = [];
  const log: FakeOAuthRequest[] = [];

  const bearer = (authorization: string | undefined) => /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  const tokenStatus = (authorization: string | undefined) => {
    const token = bearer(authorization);
    if (!token) return 'none' as const;
    if (live.has(token)) return 'live' as const;
    return dead.has(token) ? ('dead' as const) : ('other' as const);
  };

  function authorize(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    const missing = ['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'state'].filter((k) => !p.get(k));
    if (missing.length || p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256') {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      return res.end(`Bad authorization request: ${missing.join(', ') || 'response_type=code and S256 required'}`);
    }
    const back = new URL(p.get('redirect_uri')!);
    if (consent === 'deny') {
      back.search = new URLSearchParams({
        error: 'access_denied',
        error_description: 'user cancelled authorization',
        state: p.get('state')!,
      }).toString();
    } else {
      const code = `liu_${randomBytes(12).toString('hex')}`;
      codes.set(code, {
        challenge: p.get('code_challenge')!,
        redirectUri: p.get('redirect_uri')!,
        clientId: p.get('client_id')!,
        scopes: limited ?? (p.get('scope') ?? '').split(/\s+/).filter(Boolean),
      });
      back.search = new URLSearchParams({ code, state: p.get('state')! }).toString();
    }
    res.writeHead(302, { Location: back.toString() });
    res.end();
  }

  function issue(granted: string[]): string {
    const accessToken = `lio_${randomBytes(16).toString('hex')}`;
    live.add(accessToken);
    scopes.set(accessToken, granted);
    return accessToken;
  }

  function token(form: Record<string, string>, res: ServerResponse) {
    const pending = codes.get(form.code ?? '');
    codes.delete(form.code ?? '');
    if (form.grant_type !== 'authorization_code' || !pending) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'unknown or used code' });
    }
    const challenge = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (challenge !== pending.challenge)
      return json(res, 400, { error: 'invalid_grant', error_description: 'code_verifier does not match' });
    if (form.redirect_uri !== pending.redirectUri || form.client_id !== pending.clientId) {
      return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri or client_id differ' });
    }
    json(res, 200, { token_type: 'Bearer', access_token: issue(pending.scopes), expires_in: 31_536_000 });
  }

  return {
    setConsent: (value) => (consent = value),
    liveTokens: () => [...live],
    revokedTokens: () => [...revoked],
    invalidateAll() {
      for (const t of live) dead.add(t);
      live.clear();
    },
    requests: () => [...log],
    tokenStatus,
    tokenScopes: (authorization) => {
      const t = bearer(authorization);
      return t && live.has(t) ? (scopes.get(t) ?? []) : [];
    },
    limitScopes: (granted) => (limited = granted),
    issueToken: issue,
    reset() {
      consent = 'approve';
      limited = undefined;
      codes.clear();
      log.length = 0;
    },
    handle(req, url, res) {
      const route = `${req.method} ${url.pathname}`;
      if (!['GET /oauth', 'POST /api/token', 'DELETE /api/token', 'GET /api/account'].includes(route)) return false;
      const entry: FakeOAuthRequest = {
        method: req.method ?? '',
        path: url.pathname,
        userAgent: req.headers['user-agent'] ?? '',
      };
      log.push(entry);
      if (route === 'GET /oauth') {
        authorize(url, res);
      } else if (route === 'GET /api/account') {
        if (tokenStatus(req.headers.authorization) === 'live') json(res, 200, FAKE_LICHESS_ACCOUNT);
        else json(res, 401, { error: 'No such token' });
      } else if (route === 'DELETE /api/token') {
        const t = bearer(req.headers.authorization);
        if (t && live.delete(t)) {
          dead.add(t);
          revoked.push(t);
        }
        res.writeHead(204);
        res.end();
      } else {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          entry.form = Object.fromEntries(new URLSearchParams(body));
          token(entry.form, res);
        });
      }
      return true;
    },
  };
}
