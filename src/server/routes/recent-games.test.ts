import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { FakeMode } from '../../../e2e/fakes/fake-sites.js';
import { testDatabaseKinds, type Json, signedInUser, type TestUser } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { toRecords } from '../sites/game-records.js';

const TIMEOUT_MS = 600;

describe.each(testDatabaseKinds())('recent games through the fake sites on %s', (kind) => {
  // Short: tests wait for a site that hangs to time out.
  const env = useSiteServer(kind, { siteTimeoutMs: TIMEOUT_MS });
  let player: TestUser;

  beforeAll(async () => {
    player = await signedInUser(env.server.app, env.server.url, { lichess: 'thibault', chesscom: 'FabianoCaruana' });
  });
  afterEach(() => env.sites.reset());

  const recent = async (user: TestUser, site: string) => {
    const response = await user.client.get(`/api/recent-games?site=${site}`);
    expect(response.status, response.text).toBe(200);
    return response.body.api_data as Json[];
  };

  test('Lichess games become Game records seen from the player, newest first', async () => {
    const games = await recent(player, 'lichess');
    // thibault's export holds 50 games, all of them his; one of them has no move and is left out.
    expect(games).toHaveLength(49);
    expect(games[0]).toEqual({
      username: 'thibault',
      actual_opening: 'C30',
      hero_color: 'White',
      hero_elo: 1712,
      hero_opening: '',
      how_left_opening: '',
      how_resolved: 'Normal',
      link: 'https://lichess.org/Q1bVT3pX',
      notes: '',
      opponent_elo: 1247,
      opponent_color: 'Black',
      opponent_name: 'juan_queve',
      pgn: expect.stringMatching(/^\[Event "FIDE Social Chess Day Marathon"\][\s\S]*40\. Kg7 b5 1-0$/),
      result: 1,
      move_left_opening: null,
      date_time_played: '2025-07-19T23:12:59Z',
      time_control: '300+3',
      site: 'Lichess',
    });
    const dates = games.map((g) => g.date_time_played);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(games.map((g) => g.result))).toEqual(new Set([0, 0.5, 1]));
    // The export is asked for at most 80 games and with our User-Agent (Lichess answers 404 without one).
    const [call] = env.sites.requestLog('lichess-games');
    expect(call.url).toMatch(/^\/api\/games\/user\/thibault\?.*max=80/);
    expect(call.headers['user-agent']).toMatch(/chess-prep/);
  });

  test('Chess.com games of this month and last become Game records with the Link tag', async () => {
    const games = await recent(player, 'chesscom');
    expect(games).toHaveLength(17);
    expect(games.every((g) => g.site === 'Chess.com' && g.link.startsWith('https://www.chess.com/game/live/'))).toBe(
      true,
    );
    const first = games[0];
    expect(first.username.toLowerCase()).toBe('fabianocaruana');
    expect(first.opponent_name).not.toBe(first.username);
    expect(first.date_time_played).toMatch(/^2020-05-\d\dT\d\d:\d\d:\d\dZ$/);
    const dates = games.map((g) => g.date_time_played);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(env.sites.requestLog('chesscom-games').map((r) => r.url)).toHaveLength(2);
  });

  test('a game saved as a review disappears from recent games', async () => {
    const user = await signedInUser(env.server.app, env.server.url, { lichess: 'thibault' });
    const [newest, second] = await recent(user, 'lichess');
    const saved = await user.client.postJson('/api/upsert-game-review', newest);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.api_data).toMatchObject({
      link: newest.link,
      opponent_name: 'juan_queve',
      hero_color: 'White',
      result: 1,
    });

    const after = await recent(user, 'lichess');
    expect(after).toHaveLength(48);
    expect(after[0].link).toBe(second.link);
    // The answer counts what it left out, so an empty list can say the games are all reviews already.
    expect((await user.client.get('/api/recent-games?site=lichess')).body.already_reviewed).toBe(1);
    // Another user still sees the game.
    expect((await recent(player, 'lichess'))[0].link).toBe(newest.link);
  });

  test('no saved username gives an empty list without calling the site', async () => {
    const user = await signedInUser(env.server.app, env.server.url);
    expect(await recent(user, 'lichess')).toEqual([]);
    expect(await recent(user, 'chesscom')).toEqual([]);
    expect(env.sites.requests('lichess-games') + env.sites.requests('chesscom-games')).toBe(0);
  });

  test('a username in the query reads that player’s games and leaves the saved usernames alone', async () => {
    const user = await signedInUser(env.server.app, env.server.url, { lichess: 'someone_else' });
    const response = await user.client.get('/api/recent-games?site=lichess&username=thibault');
    expect(response.status, response.text).toBe(200);
    expect(response.body.api_data).toHaveLength(49);
    expect(response.body.api_data[0].username).toBe('thibault');
    const [call] = env.sites.requestLog('lichess-games');
    expect(call.url).toMatch(/^\/api\/games\/user\/thibault\?/);
    const session = await user.client.postForm('/api/check-if-logged-in', {});
    expect(session.body.user.username_lichess).toBe('someone_else');
    expect(session.body.user.username_chess_dot_com).toBeNull();
  });

  test('an unknown Lichess player gives an empty list that says so', async () => {
    const response = await player.client.get('/api/recent-games?site=lichess&username=no_such_player');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ api_data: [], error: 'Lichess has no player named no_such_player' });
    const known = await player.client.get('/api/recent-games?site=lichess&username=thibault');
    expect(known.body.error).toBeUndefined();
  });

  test('games without moves are left out of the list', () => {
    const withMoves =
      '[White "thibault"]\n[Black "x"]\n[Result "1-0"]\n[UTCDate "2025.01.02"]\n[UTCTime "10:00:00"]\n\n1. e4 e5 1-0';
    const without = '[White "thibault"]\n[Black "y"]\n[Result "*"]\n[UTCDate "2025.01.03"]\n[UTCTime "10:00:00"]\n\n*';
    const records = toRecords([without, withMoves], 'thibault', 'Lichess');
    expect(records.map((r) => r.opponentName)).toEqual(['x']);
  });

  test('an unknown site is a 400', async () => {
    const response = await player.client.get('/api/recent-games?site=fics');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/lichess or chesscom/);
  });

  const failures: [FakeMode, { delayMs?: number }][] = [
    ['down', {}],
    ['slow', { delayMs: TIMEOUT_MS * 3 }],
    ['error500', {}],
    ['notfound404', {}],
    ['rate429', {}],
    ['garbage', {}],
  ];

  test.each(failures)('Lichess %s gives an empty list and the server keeps serving', async (mode, options) => {
    env.sites.setMode('lichess-games', mode, options);
    const started = Date.now();
    const answer = (await player.client.get('/api/recent-games?site=lichess')).body;
    expect(answer.api_data).toEqual([]);
    // What failed is said: a site that is down never reads as an account without games.
    if (mode === 'notfound404') expect(answer.error).toBe('Lichess has no player named thibault');
    else if (mode !== 'garbage') {
      expect(answer.failed).toBe(true);
      expect(answer.error).toMatch(/^Lichess did not send the games \(.+\): try again later$/);
    }
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 2.5);
    expect((await player.client.get('/api/get-game-reviews')).status).toBe(200);
    env.sites.setMode('lichess-games', 'ok');
    // Past the short 429 pause of this config; Lichess that hung or refused the connection is left
    // alone for one time limit (its calls answer the fallback at once meanwhile).
    const rest = mode === 'slow' || mode === 'down' ? TIMEOUT_MS + 100 : 150;
    await new Promise((resolve) => setTimeout(resolve, rest));
    expect(await recent(player, 'lichess')).toHaveLength(49);
  });

  test.each(failures)('Chess.com %s skips that month and the other month still counts', async (mode, options) => {
    // Only the current month holds games in the fake; fail it once and the list is empty, fail the
    // previous month only and the current month's games still arrive.
    env.sites.setMode('chesscom-games', mode, { ...options, once: true });
    expect(await recent(player, 'chesscom')).toEqual([]);
    expect(env.sites.requests('chesscom-games')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 150));

    env.sites.reset();
    const games = recentAfterFirstOk(mode, options);
    expect(await games).toHaveLength(17);
    expect((await player.client.get('/api/get-game-reviews')).status).toBe(200);
    // A 429 rests the site for this config's short pause; asking within it is answered "busy".
    await new Promise((resolve) => setTimeout(resolve, 150));
  });

  test('Chess.com failing for every month says so; a name it does not know is named as such', async () => {
    env.sites.setMode('chesscom-games', 'error500');
    const down = (await player.client.get('/api/recent-games?site=chesscom')).body;
    expect(down).toMatchObject({ api_data: [], failed: true });
    expect(down.error).toMatch(/^Chess\.com did not send the games \(.+\): try again later$/);
    env.sites.setMode('chesscom-games', 'notfound404');
    const unknown = (await player.client.get('/api/recent-games?site=chesscom')).body;
    expect(unknown).toEqual({ api_data: [], error: 'Chess.com has no player named FabianoCaruana' });
    env.sites.reset();
    expect(await recent(player, 'chesscom')).toHaveLength(17);
  });

  test('a Chess.com name the site does not know is refused and the saved one kept; a site that is down does not stop a save', async () => {
    const save = (name: string) =>
      player.client.postForm('/api/update-chess-dot-com-username', { username_chess_dot_com: name });
    env.sites.setMode('chesscom-games', 'notfound404');
    const refused = await save('NoSuchPlayer');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Chess.com has no player named NoSuchPlayer: the name was not saved');
    const session = async () => (await player.client.postForm('/api/check-if-logged-in', {})).body;
    expect(JSON.stringify(await session())).toContain('FabianoCaruana');
    env.sites.setMode('chesscom-games', 'error500');
    expect((await save('Hikaru')).status).toBe(200);
    expect(JSON.stringify(await session())).toContain('Hikaru');
    env.sites.reset();
    expect((await save('FabianoCaruana')).status).toBe(200);
  });

  test('a Lichess name the site does not know is refused and the saved one kept; a site that is down does not stop a save', async () => {
    const save = (name: string) => player.client.postForm('/api/update-lichess-username', { username_lichess: name });
    const session = async () => JSON.stringify((await player.client.postForm('/api/check-if-logged-in', {})).body);
    const before = await session();
    const refused = await save('no_such_player_q');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Lichess has no player named no_such_player_q: the name was not saved');
    expect(await session()).toBe(before);
    env.sites.setMode('lichess-user', 'error500');
    expect((await save('DrNykterstein')).status).toBe(200);
    expect(await session()).toContain('DrNykterstein');
    env.sites.reset();
    expect((await save('thibault')).status).toBe(200);
  });

  /** Lets the first (current month) call through, a little late, and fails the second (previous month). */
  async function recentAfterFirstOk(mode: FakeMode, options: { delayMs?: number }) {
    env.sites.setMode('chesscom-games', 'slow', { delayMs: 150, once: true });
    const pending = recent(player, 'chesscom');
    while (env.sites.requests('chesscom-games') === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    env.sites.setMode('chesscom-games', mode, { ...options, once: true });
    return pending;
  }
});
