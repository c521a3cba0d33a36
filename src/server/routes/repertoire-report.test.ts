import { afterEach, describe, expect, test } from 'vitest';
import { readFixture } from '../../../test/fixtures.js';
import { testDatabaseKinds, type Json, signedInUser, type TestUser } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import type { RepertoireReportAnswer, ReportDeviation } from '@contract/repertoire-report.js';

const RUY_LOPEZ = readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn');
const SICILIAN = readFixture('lichess/study_chapter_8c8bmUfy_current_format_2026.pgn');

describe.each(testDatabaseKinds())('repertoire report on %s', (kind) => {
  const env = useSiteServer(kind);
  afterEach(() => env.sites.reset());

  const setStudy = async (user: TestUser, color: 'white' | 'black', text: string, exclude = '') => {
    const saved = await user.client.postJson('/api/update-study', {
      color,
      exclude_move_indicators: exclude,
      link: null,
      study_text: text,
      title: `${color} study`,
    });
    expect(saved.status, saved.text).toBe(200);
  };

  const player = async (
    names: { lichess?: string; chesscom?: string } = { lichess: 'thibault', chesscom: 'FabianoCaruana' },
  ) => {
    const user = await signedInUser(env.server.app, env.server.url, names);
    await setStudy(user, 'white', RUY_LOPEZ, '??');
    await setStudy(user, 'black', SICILIAN);
    return user;
  };

  const report = async (user: TestUser, sources: unknown) => {
    const response = await user.client.postJson('/api/repertoire-report', { sources });
    expect(response.status, response.text).toBe(200);
    return response.body.api_data as RepertoireReportAnswer;
  };

  const rows = (r: RepertoireReportAnswer): ReportDeviation[] => [...r.left_by_you, ...r.left_by_opponent];

  /** Each game is counted once: compared or not, and every compared game stayed in book or is behind one row. */
  const expectBalanced = (r: RepertoireReportAnswer) => {
    const notCompared = Object.values(r.not_compared).reduce((a, b) => a + b, 0);
    expect(r.compared + notCompared).toBe(r.games);
    expect(r.stayed_in_book + rows(r).reduce((n, d) => n + d.count, 0)).toBe(r.compared);
    for (const d of rows(r)) expect(d.games).toHaveLength(d.count);
  };

  test("the fake Lichess games: thibault's 49 games with moves against his two studies", async () => {
    const user = await player();
    const r = await report(user, ['lichess']);
    // The abandoned game without moves is left out by the recent games already.
    expect(r).toMatchObject({ games: 49, sources: { lichess: 49 }, no_study: [] });
    expect(r.not_compared).toEqual({ non_standard: 0, no_study: 0, no_moves: 0, unreadable: 0 });
    expect(r.compared).toBe(49);
    expectBalanced(r);
    expect(r.left_by_you.length + r.left_by_opponent.length).toBeGreaterThan(0);
    const counts = r.left_by_opponent.map((d) => d.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const first = rows(r)[0];
    expect(first).toMatchObject({
      fen: expect.stringMatching(/ [wb] /),
      move_number: expect.any(Number),
      played_san: expect.any(String),
    });
    expect(first.games[0]).toMatchObject({
      link: expect.stringMatching(/^https:\/\/lichess\.org\//),
      site: 'Lichess',
      review_id: null,
    });
    expect(first.games[0].ply).toBeGreaterThan(0);
    expect(r.average_move_left).toBeGreaterThanOrEqual(1);
    expect(env.sites.requestLog('lichess-games')[0].url).toMatch(/^\/api\/games\/user\/thibault\?/);
    expect(env.sites.requests('chesscom-games')).toBe(0);
  });

  test('the fake Chess.com month: 17 games of FabianoCaruana', async () => {
    const user = await player();
    const r = await report(user, ['chesscom']);
    expect(r).toMatchObject({ games: 17, sources: { chesscom: 17 } });
    expectBalanced(r);
    expect(
      rows(r)
        .flatMap((d) => d.games)
        .every((g) => g.site === 'Chess.com' && g.link?.startsWith('https://www.chess.com/')),
    ).toBe(true);
    expect(env.sites.requests('lichess-games')).toBe(0);
  });

  test("saved reviews as the source: the player's own, never another player's", async () => {
    const user = await player();
    const other = await player();
    const recent = (await user.client.get('/api/recent-games?site=lichess')).body.api_data as Json[];
    const mine = recent.slice(0, 3);
    const saved: number[] = [];
    for (const game of mine) saved.push((await user.client.postJson('/api/upsert-game-review', game)).body.api_data.id);
    const theirs = (await other.client.postJson('/api/upsert-game-review', recent[5])).body.api_data.id;
    env.sites.reset();

    const r = await report(user, ['reviews']);
    expect(r).toMatchObject({ games: 3, sources: { reviews: 3 } });
    expectBalanced(r);
    const behind = rows(r).flatMap((d) => d.games);
    expect(behind.every((g) => saved.includes(g.review_id!))).toBe(true);
    expect(behind.some((g) => g.review_id === theirs)).toBe(false);
    // Saved reviews need no site call.
    expect(env.sites.requests('lichess-games') + env.sites.requests('chesscom-games')).toBe(0);

    const theirReport = await report(other, ['reviews']);
    expect(theirReport.games).toBe(1);
    expect(
      rows(theirReport)
        .flatMap((d) => d.games)
        .every((g) => g.review_id === theirs),
    ).toBe(true);
  });

  test('a game both saved and recent counts once, as the review, and links to it', async () => {
    const user = await player();
    const recent = (await user.client.get('/api/recent-games?site=lichess')).body.api_data as Json[];
    const review = (await user.client.postJson('/api/upsert-game-review', recent[0])).body.api_data;
    const both = await report(user, ['reviews', 'lichess']);
    expect(both.games).toBe(49);
    expect(both.sources).toEqual({ reviews: 1, lichess: 49 });
    const lichessOnly = await report(user, ['lichess']);
    const linked = rows(lichessOnly)
      .flatMap((d) => d.games)
      .filter((g) => g.link === review.link);
    // The saved game, met as a Lichess game, still opens its review.
    expect(linked.every((g) => g.review_id === review.id)).toBe(true);
  });

  test('a colour without a study is named and its games are not compared', async () => {
    const user = await signedInUser(env.server.app, env.server.url, { lichess: 'thibault' });
    await setStudy(user, 'white', RUY_LOPEZ);
    const r = await report(user, ['lichess']);
    expect(r.no_study).toEqual(['black']);
    expect(r.not_compared.no_study).toBeGreaterThan(0);
    expect(rows(r).every((d) => d.color === 'white')).toBe(true);
    expectBalanced(r);

    const none = await signedInUser(env.server.app, env.server.url, { lichess: 'thibault' });
    const empty = await report(none, ['lichess']);
    expect(empty).toMatchObject({ no_study: ['white', 'black'], compared: 0, left_by_you: [], left_by_opponent: [] });
  });

  test("the study's exclusions apply: a move marked ?! is not book", async () => {
    const user = await signedInUser(env.server.app, env.server.url);
    await setStudy(user, 'white', '1. e4 e5 2. Nf3 (2. Qh5?! Nc6) Nc6 3. Bb5 *', '?!');
    const game = {
      username: 'me',
      opponent_name: 'them',
      hero_color: 'White',
      date_time_played: '2026-01-02T10:00:00Z',
      site: 'Lichess',
      link: 'https://lichess.org/abcdefgh',
      pgn: '[White "me"]\n[Black "them"]\n[Result "0-1"]\n\n1. e4 e5 2. Qh5 Nc6 0-1',
      notes: '',
      time_control: '300+0',
      result: 0,
    };
    expect((await user.client.postJson('/api/upsert-game-review', game)).status).toBe(200);
    const r = await report(user, ['reviews']);
    expect(r.left_by_you).toHaveLength(1);
    expect(r.left_by_you[0]).toMatchObject({
      line: '1. e4 e5',
      played_san: 'Qh5',
      expected_san: ['Nf3'],
      count: 1,
      score: 0,
      move_number: 2,
    });
    expect(r.left_by_you[0].games[0]).toMatchObject({
      ply: 3,
      opponent_name: 'them',
      date_time_played: '2026-01-02T10:00:00.000Z',
    });
  });

  test('no saved username gives no games from that site, without calling it', async () => {
    const user = await signedInUser(env.server.app, env.server.url);
    const r = await report(user, ['lichess', 'chesscom']);
    expect(r).toMatchObject({ games: 0, sources: { lichess: 0, chesscom: 0 } });
    expect(env.sites.requests('lichess-games') + env.sites.requests('chesscom-games')).toBe(0);
  });

  test('a site that is down gives no games from it and the report still answers', async () => {
    const user = await player();
    env.sites.setMode('lichess-games', 'error500');
    const r = await report(user, ['lichess', 'chesscom']);
    expect(r.sources).toEqual({ lichess: 0, chesscom: 17 });
    expect(r.games).toBe(17);
  });

  test.each([
    [{ sources: ['fics'] }, /reviews, lichess or chesscom/],
    [{ sources: [] }, /at least one source/],
    [{}, /sources/],
    [{ sources: 'lichess' }, /sources/],
  ])('bad input %j is a 400', async (body, message) => {
    const user = await signedInUser(env.server.app, env.server.url);
    const response = await user.client.postJson('/api/repertoire-report', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  test('without a session: 401', async () => {
    const response = await env.server.client().postJson('/api/repertoire-report', { sources: ['reviews'] });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ api_result: 'user_not_logged_in' });
  });
});
