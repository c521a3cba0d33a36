import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeSites, type FakeSites } from '../../../e2e/fakes/fake-sites.js';
import { defaultFixturesDir } from '../../../e2e/fakes/fixtures.js';
import { createExplorerClient, NO_TOKEN_MESSAGE, type ExplorerClient } from './explorer.js';
import { createHttpQueue } from './http-queue.js';
import type { SiteLogger } from './site-error.js';

const TOKEN = 'lip_explorerSecret42';
const BERSERK_FEN = 'rnbqkbnr/ppp2ppp/8/3pp3/4P3/2NP4/PPP2PPP/R1BQKBNR b KQkq - 0 1';
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const recorded = JSON.parse(
  readFileSync(path.join(defaultFixturesDir(), 'lichess/explorer_lichess_2025-12_berserk.json'), 'utf8'),
);

let sites: FakeSites;
let lines: unknown[][];
let explorer: ExplorerClient;
const logger: SiteLogger = {
  info: (...args) => lines.push(args),
  warn: (...args) => lines.push(args),
  error: (...args) => lines.push(args),
};
const makeClient = (token: string | undefined, pauseMs = 20) =>
  createExplorerClient({
    baseUrl: sites.explorerUrl,
    token,
    timeoutMs: 300,
    logger,
    queue: createHttpQueue({ logger, rateLimitPauseMs: pauseMs }),
  });

beforeAll(async () => {
  sites = await startFakeSites({ explorerToken: TOKEN });
});
afterAll(() => sites.close());
beforeEach(() => {
  sites.reset();
  lines = [];
  explorer = makeClient(TOKEN);
});

describe('fetchPosition', () => {
  test('the recorded position gives the recorded totals and moves', async () => {
    const result = await explorer.fetchPosition(BERSERK_FEN, ['blitz', 'rapid', 'classical'], [2200, 2500]);
    const position = result.unwrap();
    expect([position.white, position.draws, position.black]).toEqual([1910, 272, 2167]);
    expect(position.moves[0]).toMatchObject({ uci: 'd5d4', san: 'd4', white: 971, draws: 110, black: 959 });
    expect(position.moves).toHaveLength(recorded.moves.length);
    expect(position.opening).toBeNull();
  });

  test('the query carries variant, speeds, ratings and FEN, with the bearer token', async () => {
    await explorer.fetchPosition(START_FEN, ['blitz', 'rapid'], [1800, 2000]);
    const [request] = sites.requestLog('explorer');
    const url = new URL(request.url, 'http://x');
    expect(url.pathname).toBe('/lichess');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      variant: 'standard',
      speeds: 'blitz,rapid',
      ratings: '1800,2000',
      fen: START_FEN,
    });
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['user-agent']).toMatch(/^chess-prep\//);
  });

  test('another position gives other, stable statistics', async () => {
    const a = (await explorer.fetchPosition(START_FEN, ['blitz'], [2000])).unwrap();
    const again = (await explorer.fetchPosition(START_FEN, ['blitz'], [2000])).unwrap();
    expect(again).toEqual(a);
    expect(a.white).not.toBe(1910);
    expect(a.white).toBe(a.moves.reduce((sum, move) => sum + move.white, 0));
  });

  test('without a token nothing is called and the failure says LICHESS_TOKEN is needed', async () => {
    const result = await makeClient(undefined).fetchPosition(START_FEN, ['blitz'], [2000]);
    expect(result.isErr && result.error.kind).toBe('no-token');
    expect(result.isErr && result.error.message).toBe(NO_TOKEN_MESSAGE);
    expect(NO_TOKEN_MESSAGE).toBe('Connect your Lichess account on Manage Openings to run a coverage check');
    expect(makeClient('  ').hasToken).toBe(false);
    expect(sites.requests('explorer')).toBe(0);
  });

  test('a refused token is an http 401 failure naming LICHESS_TOKEN, not the token', async () => {
    const result = await makeClient('lip_wrong').fetchPosition(START_FEN, ['blitz'], [2000]);
    expect(result.isErr && result.error.status).toBe(401);
    expect(result.isErr && result.error.message).toContain('LICHESS_TOKEN');
    expect(JSON.stringify(lines)).not.toContain('lip_wrong');
  });

  test('a 429 is waited out and the call repeated', async () => {
    const client = makeClient(TOKEN, 250);
    sites.setMode('explorer', 'rate429', { once: true });
    const started = Date.now();
    const result = await client.fetchPosition(BERSERK_FEN, ['blitz'], [2200]);
    expect(result.isOk).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(sites.requests('explorer')).toBe(2);
  });

  test('a 429 that goes on is a failure after one repeat', async () => {
    sites.setMode('explorer', 'rate429');
    const result = await explorer.fetchPosition(BERSERK_FEN, ['blitz'], [2200]);
    expect(result.isErr && result.error.status).toBe(429);
    expect(sites.requests('explorer')).toBe(2);
  });

  test.each([
    ['error500', 'http', 500],
    ['notfound404', 'http', 404],
    ['garbage', 'bad-json', undefined],
    ['down', 'network', undefined],
    ['slow', 'timeout', undefined],
  ] as const)('an explorer in mode %s gives a %s failure with a log line', async (mode, kind, status) => {
    sites.setMode('explorer', mode, { delayMs: 2_000 });
    const result = await explorer.fetchPosition(START_FEN, ['blitz'], [2000]);
    expect(result.isErr).toBe(true);
    if (result.isErr) {
      expect(result.error.kind).toBe(kind);
      expect(result.error.status).toBe(status);
      expect(result.error.message.length).toBeGreaterThan(0);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });

  test('an illegal FEN is an http 400 failure', async () => {
    const result = await explorer.fetchPosition('not a fen', ['blitz'], [2000]);
    expect(result.isErr && result.error.status).toBe(400);
  });
});
