import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAKE_LICHESS_ACCOUNT, PRIVATE_STUDY } from '../../../e2e/fakes/fake-oauth.js';
import { startFakeSites, type FakeSites } from '../../../e2e/fakes/fake-sites.js';
import { openDatabase, type Database } from '../db/client.js';
import { lichessConnections, oauthStates, positionStats } from '../db/schema.js';
import { SMALL_STUDY } from '../openings/testdata/small-study.js';
import { NO_TOKEN_MESSAGE } from '../sites/explorer.js';
import { TOKEN_REFUSED_MESSAGE } from '../sites/player-sites.js';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  uniqueUser,
} from '../../../test/helper.js';

/** Follows Connect Lichess like a browser: our server, the fake Lichess's authorize page, our callback. */
async function connect(client: HttpClient): Promise<{ authorize: URL; result: string }> {
  const start = await client.get('/api/lichess/connect');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const callback = await client.get(back.pathname + back.search);
  expect(callback.status).toBe(302);
  return { authorize, result: callback.headers.get('location')! };
}

async function sessionUser(client: HttpClient) {
  return (await client.postJson('/api/check-if-logged-in', {})).body.user;
}

function parseResult(text: string) {
  const block = text.split(/\n\n/).find((b) => b.startsWith('event: result'));
  return JSON.parse(/^data: (.*)$/m.exec(block ?? '')?.[1] ?? 'null');
}

async function coverage(client: HttpClient) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    opening_text: SMALL_STUDY,
    color: 'white',
    speeds: 'correspondence',
    ratings: '1000',
  }))
    form.append(k, v);
  return parseResult((await client.postMultipart('/api/coverage_check', form)).text);
}

/** Every file under dir whose bytes contain needle. */
function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesContaining(path, needle));
    else if (readFileSync(path).includes(needle)) found.push(path);
  }
  return found;
}

describe.each(testDatabaseKinds())('Connect Lichess on %s', (kind) => {
  let database: Database;
  let pgliteDir: string | undefined;
  let server: TestServer;
  let sites: FakeSites;

  beforeAll(async () => {
    // PGlite keeps its files in a folder here, so the test can search them for tokens in clear.
    if (kind === 'pglite') pgliteDir = mkdtempSync(join(tmpdir(), 'chess-prep-connect-'));
    database = pgliteDir ? await openDatabase({ dir: pgliteDir }) : await openTestDatabase(kind);
    await database.db.delete(positionStats).where(eq(positionStats.speeds, 'correspondence'));
    sites = await startFakeSites({ explorerToken: 'server-token' });
    // No LICHESS_TOKEN: only a connected player can run a coverage check.
    server = await startTestServer(database, {
      lichessUrl: sites.lichessUrl,
      lichessExplorerUrl: sites.explorerUrl,
      explorerIntervalMs: 0,
    });
  });
  afterAll(async () => {
    await server.close();
    await sites.close();
    await database.close();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  });

  test('connect sends the player to Lichess with a PKCE challenge and comes back connected', async () => {
    const { client, userId } = await signedInClient(server);
    expect(await sessionUser(client)).toMatchObject({
      lichess_connected: false,
      lichess_connected_as: null,
      username_lichess: null,
    });

    const { authorize, result } = await connect(client);
    expect(authorize.origin + authorize.pathname).toBe(`${sites.lichessUrl}/oauth`);
    const p = authorize.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe('chess-prep');
    expect(p.get('redirect_uri')).toBe('http://localhost:3000/api/lichess/callback');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('scope')).toBe('study:read study:write');
    expect(p.get('state')!.length).toBeGreaterThanOrEqual(20);
    expect(result).toBe('/manage_openings?lichess=connected');

    // The fake token endpoint checked the verifier against the challenge; our calls name the app.
    const tokenCall = sites.oauth
      .requests()
      .filter((r) => r.path === '/api/token')
      .at(-1)!;
    expect(tokenCall.form).toMatchObject({
      grant_type: 'authorization_code',
      client_id: 'chess-prep',
      redirect_uri: p.get('redirect_uri'),
    });
    expect(tokenCall.userAgent).toMatch(/^chess-prep/);

    expect(await sessionUser(client)).toMatchObject({
      lichess_connected: true,
      lichess_connected_as: FAKE_LICHESS_ACCOUNT.username,
      username_lichess: FAKE_LICHESS_ACCOUNT.username,
    });
    // The flow's state is single use: replaying the callback fails.
    const rows = await server.app.db.select().from(oauthStates).where(eq(oauthStates.userId, userId));
    expect(rows).toEqual([]);
  });

  test('the token is used for the study list, a private study and the explorer, and never sent to the browser', async () => {
    const { client } = await signedInClient(server);
    const before = await coverage(client);
    expect(before.results).toBe(NO_TOKEN_MESSAGE);

    await connect(client);
    const [token] = sites.oauth.liveTokens().slice(-1);
    const list = await client.get(`/api/lichess/studies?username=${FAKE_LICHESS_ACCOUNT.username}`);
    expect(list.body.api_data[0]).toEqual(PRIVATE_STUDY);
    const study = await client.get(`/api/lichess/study/${PRIVATE_STUDY.id}`);
    expect(study.body.api_data.title).toBe('My private repertoire');
    expect(study.body.api_data.pgn).toContain('1. e4 e5');
    expect(sites.requestLog('lichess-study-pgn').at(-1)!.headers.authorization).toBe(`Bearer ${token}`);

    const explorerBefore = sites.requests('explorer');
    const after = await coverage(client);
    expect(after.results).toMatch(/^Coverage Results/);
    const explorerCalls = sites.requestLog('explorer').slice(explorerBefore);
    expect(explorerCalls.length).toBeGreaterThan(0);
    expect(explorerCalls.every((r) => r.headers.authorization === `Bearer ${token}`)).toBe(true);

    for (const text of [list.text, study.text, JSON.stringify(await sessionUser(client))])
      expect(text).not.toContain(token);
  });

  test('login answers the connection too', async () => {
    const client = server.client();
    const fields = uniqueUser('lc');
    expect((await client.postForm('/api/register', fields)).body.api_status).toBe('success');
    await connect(client);
    const again = server.client();
    const login = await again.postForm('/api/login', { username: fields.username, password: fields.password });
    expect(login.body.user).toMatchObject({
      lichess_connected: true,
      lichess_connected_as: FAKE_LICHESS_ACCOUNT.username,
    });
  });

  test('a forged state or one from another session connects nothing', async () => {
    const { client } = await signedInClient(server);
    const forged = await client.get('/api/lichess/callback?code=abc&state=forged-state-value');
    expect(forged.headers.get('location')).toBe('/manage_openings?lichess=failed');

    // Someone else's flow: their state and code arrive in this player's session.
    const other = await signedInClient(server);
    const start = await other.client.get('/api/lichess/connect');
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const stolen = await client.get(back.pathname + back.search);
    expect(stolen.headers.get('location')).toBe('/manage_openings?lichess=failed');
    expect((await sessionUser(client)).lichess_connected).toBe(false);
    expect((await sessionUser(other.client)).lichess_connected).toBe(false);
  });

  test('a denied consent is told as denied and stores nothing', async () => {
    const { client, userId } = await signedInClient(server);
    sites.oauth.setConsent('deny');
    try {
      expect((await connect(client)).result).toBe('/manage_openings?lichess=denied');
    } finally {
      sites.oauth.setConsent('approve');
    }
    expect(await server.app.db.select().from(lichessConnections).where(eq(lichessConnections.userId, userId))).toEqual(
      [],
    );
  });

  test('a state older than 10 minutes fails', async () => {
    const { client, userId } = await signedInClient(server);
    const start = await client.get('/api/lichess/connect');
    await server.app.db
      .update(oauthStates)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthStates.userId, userId));
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect((await client.get(back.pathname + back.search)).headers.get('location')).toBe(
      '/manage_openings?lichess=failed',
    );
    expect((await sessionUser(client)).lichess_connected).toBe(false);
  });

  test('disconnect revokes the token at Lichess and forgets it', async () => {
    const { client, userId } = await signedInClient(server);
    await connect(client);
    const [token] = sites.oauth.liveTokens().slice(-1);
    const answer = await client.postJson('/api/lichess/disconnect', {});
    expect(answer.body.api_data).toEqual({ lichess_connected: false, revoked: true });
    expect(sites.oauth.revokedTokens()).toContain(token);
    expect(await server.app.db.select().from(lichessConnections).where(eq(lichessConnections.userId, userId))).toEqual(
      [],
    );
    expect((await sessionUser(client)).lichess_connected).toBe(false);
  });

  test('deleting the account revokes its Lichess token, as Disconnect does', async () => {
    const fields = uniqueUser('revoke');
    const client = server.client();
    expect((await client.postForm('/api/register', fields)).body.api_status).toBe('success');
    await connect(client);
    const [token] = sites.oauth.liveTokens().slice(-1);
    const answer = await client.postForm('/api/delete-account', { password: fields.password });
    expect(answer.body).toEqual({ api_result: 'account_deleted' });
    expect(sites.oauth.revokedTokens()).toContain(token);
    expect(sites.oauth.liveTokens()).not.toContain(token);
  });

  test('a token Lichess refuses (401) is forgotten and the player is told to connect again', async () => {
    const { client } = await signedInClient(server);
    await connect(client);
    sites.oauth.invalidateAll();
    const list = await client.get(`/api/lichess/studies?username=${FAKE_LICHESS_ACCOUNT.username}`);
    expect(list.body).toEqual({ api_data: [], error: TOKEN_REFUSED_MESSAGE });
    expect((await sessionUser(client)).lichess_connected).toBe(false);
  });

  test.runIf(kind === 'pglite')('no token is stored in clear in the database files', async () => {
    const { client } = await signedInClient(server);
    await connect(client);
    const [token] = sites.oauth.liveTokens().slice(-1);
    await database.db.execute(sql`checkpoint`);
    expect(filesContaining(pgliteDir!, token)).toEqual([]);
    // The search does find what is stored: the Lichess name is there in clear.
    expect(filesContaining(pgliteDir!, FAKE_LICHESS_ACCOUNT.username).length).toBeGreaterThan(0);
  });
});
