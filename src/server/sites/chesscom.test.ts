import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeSites, type FakeSites } from '../../../e2e/fakes/fake-sites.js';
import { defaultFixturesDir } from '../../../e2e/fakes/fixtures.js';
import { createChessComClient, recentMonths, type ChessComClient } from './chesscom.js';
import { createHttpQueue } from './http-queue.js';
import type { SiteLogger } from './site-error.js';

const archive = JSON.parse(
  readFileSync(path.join(defaultFixturesDir(), 'chesscom/games_fabianocaruana_2020_05.json'), 'utf8'),
) as {
  games: { pgn: string; end_time: number }[];
};

let sites: FakeSites;
let lines: unknown[][];
let chesscom: ChessComClient;
const logger: SiteLogger = {
  info: (...args) => lines.push(args),
  warn: (...args) => lines.push(args),
  error: (...args) => lines.push(args),
};

beforeAll(async () => {
  // Both months hold the recorded archive, so a skipped month shows as half the games.
  sites = await startFakeSites({ chesscomMonths: ['2020/05', '2020/04'] });
});
afterAll(() => sites.close());
beforeEach(() => {
  sites.reset();
  lines = [];
  chesscom = createChessComClient({
    baseUrl: sites.chesscomUrl,
    timeoutMs: 300,
    logger,
    queue: createHttpQueue({ logger, rateLimitPauseMs: 20 }),
  });
});

const may2020 = new Date('2020-05-20T12:00:00Z');
const june2020 = new Date('2020-06-01T00:30:00Z');

describe('recentMonths', () => {
  test.each([
    ['2020-05-20T12:00:00Z', ['2020/05', '2020/04']],
    ['2026-01-01T00:00:00Z', ['2026/01', '2025/12']],
    ['2025-12-31T23:59:59Z', ['2025/12', '2025/11']],
    ['2024-03-31T10:00:00Z', ['2024/03', '2024/02']],
  ])('at %s the months are %j', (now, months) => {
    expect(recentMonths(new Date(now), 2)).toEqual(months);
  });

  test('months follow UTC, not the local clock', () => {
    // 23:30 on 31 May in New York is already June in UTC.
    expect(recentMonths(new Date('2020-05-31T23:30:00-04:00'), 2)).toEqual(['2020/06', '2020/05']);
  });
});

describe('fetchRecentGames', () => {
  test("the player's games of both months come back as PGN, newest first", async () => {
    const games = await chesscom.fetchRecentGames('FabianoCaruana', june2020);
    expect(games).toHaveLength(17);
    const newestFirst = [...archive.games].sort((a, b) => b.end_time - a.end_time).map((game) => game.pgn);
    expect(games).toEqual(newestFirst);
    expect(games[0]).toContain('[Event "Live Chess"]');
  });

  test('the current and the previous month are asked for, in lower case, with our User-Agent', async () => {
    await chesscom.fetchRecentGames('FabianoCaruana', may2020);
    const log = sites.requestLog('chesscom-games');
    expect(log.map((request) => request.url)).toEqual([
      '/pub/player/fabianocaruana/games/2020/05',
      '/pub/player/fabianocaruana/games/2020/04',
    ]);
    expect(log[0].headers['user-agent']).toMatch(/^chess-prep\//);
  });

  test('an empty username gives no games and calls nothing', async () => {
    expect(await chesscom.fetchRecentGames('', may2020)).toEqual([]);
    expect(sites.requests('chesscom-games')).toBe(0);
  });

  test.each(['error500', 'notfound404', 'rate429', 'garbage', 'down', 'slow'] as const)(
    'a month answered in mode %s is skipped with a log line, the other month kept',
    async (mode) => {
      sites.setMode('chesscom-games', mode, { once: true, delayMs: 2_000 });
      const games = await chesscom.fetchRecentGames('fabianocaruana', may2020);
      expect(games).toHaveLength(17);
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.stringify(lines)).toContain('2020/05');
    },
  );

  test('both months failing gives no games, never an exception', async () => {
    sites.setMode('chesscom-games', 'down');
    await expect(chesscom.fetchRecentGames('fabianocaruana', may2020)).resolves.toEqual([]);
    expect(lines).toHaveLength(2);
  });
});
