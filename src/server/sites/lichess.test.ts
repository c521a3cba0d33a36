import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeSites, type FakeMode, type FakeSites } from '../../../e2e/fakes/fake-sites.js';
import { createHttpQueue } from './http-queue.js';
import { createLichessClient, type LichessClient } from './lichess.js';
import type { SiteLogger } from './site-error.js';

const TOKEN = 'lip_secretTokenValue123';

let sites: FakeSites;
let lines: unknown[][];
let lichess: LichessClient;

const logger: SiteLogger = {
  info: (...args) => lines.push(args),
  warn: (...args) => lines.push(args),
  error: (...args) => lines.push(args),
};

beforeAll(async () => {
  sites = await startFakeSites();
});
afterAll(() => sites.close());
beforeEach(() => {
  sites.reset();
  lines = [];
  const queue = createHttpQueue({ logger, rateLimitPauseMs: 20 });
  lichess = createLichessClient({ baseUrl: sites.lichessUrl, token: TOKEN, timeoutMs: 300, logger, queue });
});

const failureModes: FakeMode[] = ['error500', 'notfound404', 'rate429', 'garbage', 'down', 'slow'];

describe('fetchUserGames', () => {
  test("a user's export comes back as one PGN per game, with the export's tags", async () => {
    const games = await lichess.fetchUserGames('thibault');
    expect(games).toHaveLength(50);
    expect(games.every((game) => game.startsWith('[Event "'))).toBe(true);
    expect(games[0]).toContain('[GameId "Q1bVT3pX"]');
    expect(games[0]).toMatch(/40\. Kg7 b5 1-0$/);
    // The abandoned game has no moves at all, only a result.
    expect(games.filter((game) => /\n\n ?0-1$/.test(game)).length).toBeGreaterThan(0);
  });

  test.each([
    ['Bfx-de-Blr', 15, '[Round "-"]'],
    ['pnmadelaine', 12, '[%clk 0:10:00]'],
  ])('%s gets their own export (%i games)', async (user, count, marker) => {
    const games = await lichess.fetchUserGames(user);
    expect(games).toHaveLength(count);
    expect(games[0]).toContain(marker);
  });

  test('the request asks for at most 80 PGN games with the opening and no clocks or evals', async () => {
    await lichess.fetchUserGames('thibault');
    const [request] = sites.requestLog('lichess-games');
    const url = new URL(request.url, 'http://x');
    expect(url.pathname).toBe('/api/games/user/thibault');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      max: '80',
      clocks: 'false',
      evals: 'false',
      opening: 'true',
    });
    expect(request.headers.accept).toBe('application/x-chess-pgn');
    expect(request.headers['user-agent']).toMatch(/^chess-prep\//);
  });

  test('a smaller max gives fewer games', async () => {
    expect(await lichess.fetchUserGames('thibault', 5)).toHaveLength(5);
  });

  test('an empty username gives no games and calls nothing', async () => {
    expect(await lichess.fetchUserGames('  ')).toEqual([]);
    expect(sites.requests('lichess-games')).toBe(0);
  });

  test.each(failureModes)('a site in mode %s gives no games and a log line', async (mode) => {
    sites.setMode('lichess-games', mode, { delayMs: 2_000 });
    await expect(lichess.fetchUserGames('thibault')).resolves.toEqual([]);
    expect(lines.length).toBeGreaterThan(0);
    expect(sites.requests('lichess-games')).toBe(1);
  });

  test('the site answers again once it recovers', async () => {
    sites.setMode('lichess-games', 'error500', { once: true });
    expect(await lichess.fetchUserGames('thibault')).toEqual([]);
    expect(await lichess.fetchUserGames('thibault')).toHaveLength(50);
  });
});

describe('listStudies', () => {
  test("a user's studies are listed as id and name", async () => {
    const result = await lichess.listStudies('Chess700800');
    expect(result.isOk).toBe(true);
    const studies = result.unwrap();
    expect(studies[0]).toEqual({ id: 'Vl9LYHvz', name: "Chess700800's Study" });
    expect(studies.map((s) => s.id)).toEqual(expect.arrayContaining(['GJ5NRo9a', 'HIs6KLhc', 'LKbBDz6U', 'i5a1oOJH']));
    expect(sites.requestLog('lichess-studies')[0].url).toBe('/api/study/by/Chess700800');
  });

  test('an empty username is a failure without a call', async () => {
    const result = await lichess.listStudies('');
    expect(result.isErr && result.error.kind).toBe('bad-input');
    expect(result.isErr && result.error.message).toBe('username required');
    expect(sites.requests('lichess-studies')).toBe(0);
  });

  test.each([
    ['error500', 'http'],
    ['notfound404', 'http'],
    ['rate429', 'http'],
    ['garbage', 'bad-json'],
    ['down', 'network'],
    ['slow', 'timeout'],
  ] as const)('a site in mode %s gives a %s failure and a log line', async (mode, kind) => {
    sites.setMode('lichess-studies', mode, { delayMs: 2_000 });
    const result = await lichess.listStudies('Chess700800');
    expect(result.isErr && result.error.kind).toBe(kind);
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe('fetchStudyPgn', () => {
  test('the study PGN comes back as sent, with the bearer token', async () => {
    const result = await lichess.fetchStudyPgn('HIs6KLhc');
    const pgn = result.unwrap();
    expect(pgn).toContain('[StudyName "whitemood: Philidor Defense"]');
    expect(pgn.match(/\[Event /g)).toHaveLength(20);
    const [request] = sites.requestLog('lichess-study-pgn');
    expect(request.url).toBe('/api/study/HIs6KLhc.pgn');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  test('without a token no authorization header is sent', async () => {
    const anonymous = createLichessClient({ baseUrl: sites.lichessUrl });
    expect((await anonymous.fetchStudyPgn('LKbBDz6U')).unwrap()).toContain('Bd6?!');
    expect(sites.requestLog('lichess-study-pgn')[0].headers.authorization).toBeUndefined();
  });

  test('an unknown study is an http 404 failure', async () => {
    const result = await lichess.fetchStudyPgn('zzzzzzzz');
    expect(result.isErr && result.error.status).toBe(404);
  });

  test('an id that is not a study id is refused without a call', async () => {
    const result = await lichess.fetchStudyPgn('../../api/account');
    expect(result.isErr && result.error.kind).toBe('bad-input');
    expect(sites.requests('lichess-study-pgn')).toBe(0);
  });

  test.each([
    ['error500', 'http'],
    ['garbage', 'bad-pgn'],
    ['down', 'network'],
    ['slow', 'timeout'],
  ] as const)('a site in mode %s gives a %s failure', async (mode, kind) => {
    sites.setMode('lichess-study-pgn', mode, { delayMs: 2_000 });
    const result = await lichess.fetchStudyPgn('GJ5NRo9a');
    expect(result.isErr && result.error.kind).toBe(kind);
  });
});

test('the token never appears in a log line, whatever happens', async () => {
  for (const mode of failureModes) {
    sites.setMode('lichess-study-pgn', mode, { delayMs: 2_000 });
    sites.setMode('lichess-studies', mode, { delayMs: 2_000 });
    sites.setMode('lichess-games', mode, { delayMs: 2_000 });
    await lichess.fetchStudyPgn('GJ5NRo9a');
    await lichess.listStudies('x');
    await lichess.fetchUserGames('x');
  }
  expect(lines.length).toBeGreaterThan(0);
  expect(JSON.stringify(lines)).not.toContain(TOKEN);
  expect(JSON.stringify(lines)).not.toContain('secretToken');
});
