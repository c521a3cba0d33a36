import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeSites, type FakeSites } from '../../../e2e/fakes/fake-sites.js';
import { createHttpQueue, USER_AGENT } from './http-queue.js';

let sites: FakeSites;
beforeAll(async () => {
  sites = await startFakeSites();
});
afterAll(() => sites.close());
beforeEach(() => sites.reset());

const studiesUrl = () => `${sites.lichessUrl}/api/study/by/someone`;
const chesscomUrl = () => `${sites.chesscomUrl}/pub/player/someone/games/2020/05`;

describe('http queue', () => {
  test('a call sends the User-Agent naming the app and a contact', async () => {
    const result = await createHttpQueue().get(studiesUrl());
    expect(result.isOk).toBe(true);
    expect(sites.requestLog('lichess-studies')[0].headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^chess-prep\/[\d.]+ \(\+https:\/\/\S+\)$/);
  });

  test('two concurrent calls to one host do not overlap', async () => {
    const queue = createHttpQueue();
    sites.setMode('lichess-studies', 'slow', { delayMs: 150 });
    const [a, b] = await Promise.all([queue.get(studiesUrl()), queue.get(studiesUrl())]);
    expect(a.isOk && b.isOk).toBe(true);
    const [first, second] = sites.requestLog('lichess-studies');
    expect(first.finishedAt).toBeDefined();
    expect(second.startedAt).toBeGreaterThanOrEqual(first.finishedAt!);
  });

  test("one player's many calls wait behind each other, not in front of another player's call", async () => {
    const queue = createHttpQueue();
    sites.setMode('lichess-studies', 'slow', { delayMs: 60 });
    const study = (name: string) => `${sites.lichessUrl}/api/study/by/${name}`;
    const flood = Array.from({ length: 6 }, (_, i) => queue.get(study(`flood${i}`), { owner: 'a' }));
    const single = queue.get(study('single'), { owner: 'b' });
    const server = queue.get(study('server'));
    const results = await Promise.all([...flood, single, server]);
    expect(results.every((r) => r.isOk)).toBe(true);
    // The host takes the waiting players in turn: b's call and the server's own go right after a's first.
    const order = sites.requestLog('lichess-studies').map((r) => r.url.split('/').pop());
    expect(order.slice(0, 4)).toEqual(['flood0', 'single', 'server', 'flood1']);
    expect(order.slice(4)).toEqual(['flood2', 'flood3', 'flood4', 'flood5']);
  });

  test('a player with as many calls waiting as allowed is refused at once; others are not', async () => {
    const queue = createHttpQueue();
    sites.setMode('lichess-studies', 'slow', { delayMs: 60 });
    const study = (name: string) => `${sites.lichessUrl}/api/study/by/${name}`;
    const calls = Array.from({ length: 5 }, (_, i) => queue.get(study(`a${i}`), { owner: 'a', maxWaiting: 3 }));
    const other = queue.get(study('b0'), { owner: 'b', maxWaiting: 3 });
    const results = await Promise.all([...calls, other]);
    // The first runs and three wait: the fifth is refused without a call.
    expect(results.map((r) => (r.isOk ? 'ok' : r.error.kind))).toEqual(['ok', 'ok', 'ok', 'ok', 'busy', 'ok']);
    expect(results[4].isErr && results[4].error.message).toMatch(/You have 3 calls to .* waiting already/);
    expect(sites.requestLog('lichess-studies')).toHaveLength(5);
  });

  test('calls to different hosts run side by side', async () => {
    const queue = createHttpQueue();
    sites.setMode('lichess-studies', 'slow', { delayMs: 400 });
    sites.setMode('chesscom-games', 'slow', { delayMs: 400 });
    const started = Date.now();
    await Promise.all([queue.get(studiesUrl()), queue.get(chesscomUrl())]);
    // One after the other would take at least 800 ms.
    expect(Date.now() - started).toBeLessThan(750);
  });

  test('after a 429 the host rests for the pause before the next call', async () => {
    const queue = createHttpQueue({ rateLimitPauseMs: 300 });
    sites.setMode('lichess-studies', 'rate429', { once: true });
    const limited = await queue.get(studiesUrl());
    expect(limited.isErr && limited.error.status).toBe(429);
    expect(queue.pausedUntil(studiesUrl())).toBeGreaterThan(Date.now());
    const next = await queue.get(studiesUrl());
    expect(next.isOk).toBe(true);
    const [first, second] = sites.requestLog('lichess-studies');
    expect(second.startedAt - first.finishedAt!).toBeGreaterThanOrEqual(280);
    expect(queue.pausedUntil(studiesUrl())).toBe(0);
  });

  test("a 429 rests the token it answered, while another token's calls to the host go on", async () => {
    const queue = createHttpQueue({ rateLimitPauseMs: 2_000 });
    const as = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
    sites.setMode('lichess-studies', 'rate429', { once: true });
    const limited = await queue.get(studiesUrl(), as('first-player'));
    expect(limited.isErr && limited.error.status).toBe(429);
    expect(queue.pausedUntil(studiesUrl(), 'first-player')).toBeGreaterThan(Date.now());
    expect(queue.pausedUntil(studiesUrl(), 'second-player')).toBe(0);
    const started = Date.now();
    const resting = queue.get(studiesUrl(), as('first-player'));
    expect((await queue.get(studiesUrl(), as('second-player'))).isOk).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    // The rested token's call waits outside the queue: it has not been sent.
    expect(sites.requests('lichess-studies')).toBe(2);
    expect((await resting).isOk).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  });

  test('a 429 from one host does not hold up another', async () => {
    const queue = createHttpQueue({ rateLimitPauseMs: 5_000 });
    sites.setMode('lichess-studies', 'rate429', { once: true });
    await queue.get(studiesUrl());
    const started = Date.now();
    expect((await queue.get(chesscomUrl())).isOk).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  test('a slow answer past the time limit is a timeout failure', async () => {
    const queue = createHttpQueue({ timeoutMs: 100 });
    sites.setMode('lichess-studies', 'slow', { delayMs: 2_000 });
    const started = Date.now();
    const result = await queue.get(studiesUrl());
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.isErr && result.error.kind).toBe('timeout');
  });

  test('a per-call time limit overrides the queue default', async () => {
    const queue = createHttpQueue({ timeoutMs: 5_000 });
    sites.setMode('lichess-studies', 'slow', { delayMs: 1_000 });
    const result = await queue.get(studiesUrl(), { timeoutMs: 100 });
    expect(result.isErr && result.error.kind).toBe('timeout');
  });

  test('a timed-out call frees the host for the next one once it has rested', async () => {
    const queue = createHttpQueue({ timeoutMs: 400, failureRestMs: 50 });
    sites.setMode('lichess-studies', 'slow', { delayMs: 2_000, once: true });
    const a = await queue.get(studiesUrl());
    expect(a.isErr && a.error.kind).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await queue.get(studiesUrl())).isOk).toBe(true);
  });

  test('calls queued behind a hanging site time out by their wait in the queue too', async () => {
    const queue = createHttpQueue({ timeoutMs: 1_000 });
    sites.setMode('lichess-studies', 'slow', { delayMs: 10_000 });
    const started = Date.now();
    const results = await Promise.all([1, 2, 3].map(() => queue.get(studiesUrl())));
    expect(results.map((r) => r.isErr && r.error.kind)).toEqual(['timeout', 'timeout', 'timeout']);
    // One after the other, each waiting its own second, would take three.
    expect(Date.now() - started).toBeLessThan(2_000);
    // Only the first reached the site: the others gave up in the queue or found the host resting.
    expect(sites.requests('lichess-studies')).toBe(1);
  });

  test('a site that just failed answers the next call at once, without calling it', async () => {
    const queue = createHttpQueue({ timeoutMs: 300, failureRestMs: 10_000 });
    sites.setMode('lichess-studies', 'slow', { delayMs: 5_000 });
    expect((await queue.get(studiesUrl())).isErr).toBe(true);
    const started = Date.now();
    const next = await queue.get(studiesUrl());
    expect(Date.now() - started).toBeLessThan(100);
    expect(next.isErr && next.error.kind).toBe('timeout');
    expect(sites.requests('lichess-studies')).toBe(1);
  });

  test.each([
    ['error500', 'http', 500],
    ['notfound404', 'http', 404],
    ['rate429', 'http', 429],
    ['down', 'network', undefined],
  ] as const)('mode %s gives a %s failure', async (mode, kind, status) => {
    sites.setMode('lichess-studies', mode);
    const result = await createHttpQueue({ rateLimitPauseMs: 10 }).get(studiesUrl());
    expect(result.isErr).toBe(true);
    if (result.isErr) {
      expect(result.error.kind).toBe(kind);
      expect(result.error.status).toBe(status);
    }
  });

  test('a closed port is a network failure, not an exception', async () => {
    const result = await createHttpQueue().get('http://127.0.0.1:1/nothing');
    expect(result.isErr && result.error.kind).toBe('network');
  });

  test('a string that is not a URL is a bad-input failure', async () => {
    const result = await createHttpQueue().get('not a url');
    expect(result.isErr && result.error.kind).toBe('bad-input');
  });

  test('the least interval spaces calls to one host', async () => {
    // Timed from the caller's side: when a request reaches the fake site also depends on connection setup.
    const queue = createHttpQueue({ minIntervalMs: 200 });
    const began = Date.now();
    const [, secondDone] = await Promise.all([
      queue.get(studiesUrl()).then(() => Date.now()),
      queue.get(studiesUrl()).then(() => Date.now()),
    ]);
    expect(sites.requestLog('lichess-studies')).toHaveLength(2);
    expect(secondDone - began).toBeGreaterThanOrEqual(199);
  });
});
