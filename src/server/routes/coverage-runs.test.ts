import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fakeRepertoirePgn } from '../../../e2e/fakes/fake-repertoire.js';
import {
  type HttpClient,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type Json,
  parseEvents,
  type StreamEvent as Event,
} from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { buildRepertoireFromPgn, CoverageWalk, positionKey, type Hole, type PositionStats } from '../../chess/index.js';
import { coverageRuns, positionStats } from '../db/schema.js';
import { DIED_MESSAGE } from '../openings/coverage-runs-repository.js';

const REPERTOIRE = fakeRepertoirePgn({ depth: 3, breadth: 2 });
const rep = buildRepertoireFromPgn(REPERTOIRE, { color: 'white' }).unwrap();
const POSITIONS = new CoverageWalk(rep).total;
const USED_FILTERS = [
  ['blitz', '1600'],
  ['rapid', '1600'],
  ['classical', '1600'],
  ['blitz', '1800'],
  ['rapid', '1800'],
  ['classical', '1800'],
  ['bullet', '2200'],
  ['blitz', '2200'],
] as const;

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries({ opening_text: REPERTOIRE, color: 'white', ...fields })) body.append(k, v);
  return body;
};

async function coverage(client: HttpClient, fields: Record<string, string>) {
  const response = await client.postMultipart('/api/coverage_check', form(fields));
  return { response, events: parseEvents(response.text) };
}

/** Starts a check and leaves after the first `holes` event, like a closed tab. */
async function startAndLeave(client: HttpClient, fields: Record<string, string>): Promise<Event[]> {
  await client.get('/api/health');
  const abort = new AbortController();
  const response = await fetch(`${client.baseUrl}/api/coverage_check`, {
    method: 'POST',
    body: form(fields),
    headers: {
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    signal: abort.signal,
  });
  const reader = response.body!.getReader();
  let text = '';
  while (!parseEvents(text).some((e) => e.event === 'holes')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  abort.abort();
  return parseEvents(text);
}

async function latest(client: HttpClient, color = 'white') {
  return (await client.get(`/api/coverage/latest?color=${color}`)).body.api_data;
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const fenOf = (url: string) => positionKey(new URL(url, 'http://x').searchParams.get('fen')!);

describe.each(testDatabaseKinds())('best-first coverage runs on %s', (kind) => {
  const env = useSiteServer(kind, { lichessToken: 'explorer-token' }, { explorerToken: 'explorer-token' });

  beforeAll(async () => {
    // A PostgreSQL test database outlives runs and is shared with other test files: clear only the
    // filters used here.
    for (const [speeds, ratings] of USED_FILTERS)
      await env.database.db
        .delete(positionStats)
        .where(and(eq(positionStats.speeds, speeds), eq(positionStats.ratings, ratings)));
  });

  /** The order the chess core's walk takes over the statistics now cached for these filters. */
  async function walkOrder(client: HttpClient, speeds: string, ratings: string): Promise<string[]> {
    const cached = (await client.get(`/api/get_stats?speeds=${speeds}&ratings=${ratings}`)).body as (PositionStats & {
      fen: string;
    })[];
    const stats = new Map(cached.map((s) => [s.fen, s]));
    const walk = new CoverageWalk(rep);
    const order: string[] = [];
    for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
      order.push(next.key);
      walk.addStats(next.key, stats.get(next.key)!);
    }
    return order;
  }

  test('the explorer is asked best first, and the likeliest holes are streamed as they are found', async () => {
    const { client } = await signedInClient(env.server);
    const before = env.sites.requests('explorer');
    const { events } = await coverage(client, { speeds: 'blitz', ratings: '1600' });
    const asked = env.sites
      .requestLog('explorer')
      .slice(before)
      .map((r) => fenOf(r.url));
    expect(asked).toHaveLength(POSITIONS);
    expect(asked).toEqual(await walkOrder(client, 'blitz', '1600'));

    const holes = events.filter((e) => e.event === 'holes').map((e) => e.data);
    expect(holes.length).toBeGreaterThan(1);
    holes.forEach((h, i) => {
      expect(h.holes.length).toBeLessThanOrEqual(20);
      for (let j = 1; j < h.holes.length; j++) expect(h.holes[j].reach).toBeLessThanOrEqual(h.holes[j - 1].reach);
      if (i > 0) expect(h.done).toBeGreaterThan(holes[i - 1].done);
      // Settled holes stay where they are in every later event.
      for (const later of holes.slice(i + 1))
        expect(later.holes.slice(0, h.settled)).toEqual(h.holes.slice(0, h.settled));
    });
    const result = events.at(-1)!;
    expect(result.event).toBe('result');
    expect(result.data.results).toMatch(/^Coverage Results for/);
    expect(holes.at(-1)!.holes).toEqual(result.data.holes.slice(0, 20));
    expect(holes.at(-1)!).toMatchObject({ bound: 0, done: POSITIONS });
    const hole: Hole = result.data.holes[0];
    expect(Object.keys(hole).sort()).toEqual(['fen', 'games', 'line', 'reach', 'san', 'share', 'uci']);

    const run = await latest(client);
    expect(run).toMatchObject({
      status: 'done',
      speeds: 'blitz',
      ratings: '1600',
      done: POSITIONS,
      total: POSITIONS,
      bound: 0,
    });
    // The band 1600's goal, 1 in 100, marks each hole needed or optional.
    expect(run.goal).toBe(1 / 100);
    expect(run.holes).toEqual(result.data.holes.map((h: Json) => ({ ...h, needed: h.reach >= 1 / 100 })));
    expect(await latest(client, 'black')).toBeNull();
    expect((await client.get('/api/coverage/latest?color=green')).status).toBe(400);
  });

  test('an explorer failure after 3 calls keeps what was fetched; the next run asks only for the rest', async () => {
    const { client } = await signedInClient(env.server);
    const full = await (async () => {
      // The order the walk will take, worked out on other filters with the same made-up answers.
      await coverage(client, { speeds: 'rapid', ratings: '1600' });
      return walkOrder(client, 'rapid', '1600');
    })();
    const before = env.sites.requests('explorer');
    env.sites.setMode('explorer', 'error500', { after: 3 });
    const failed = await coverage(client, { speeds: 'classical', ratings: '1600' });
    env.sites.setMode('explorer', 'ok');
    expect(failed.events.at(-1)!.data.results).toMatch(/^Sorry\.\.\.something went wrong, we'll look into it: /);
    const first = env.sites
      .requestLog('explorer')
      .slice(before)
      .map((r) => fenOf(r.url));
    expect(first).toEqual(full.slice(0, 4));
    expect(await latest(client)).toMatchObject({ status: 'failed', done: 3 });

    const resumed = await coverage(client, { speeds: 'classical', ratings: '1600' });
    const second = env.sites
      .requestLog('explorer')
      .slice(before + first.length)
      .map((r) => fenOf(r.url));
    expect(second).toEqual(full.slice(3));
    expect(resumed.events.filter((e) => e.event === 'progress')[0].data).toEqual({ done: 3, total: POSITIONS });
    expect(resumed.events.at(-1)!.data.results).toMatch(/^Coverage Results for/);
  });

  test('a client that leaves mid-run: the run goes on and coverage/latest shows it, live then done', async () => {
    const { client } = await signedInClient(env.server);
    env.sites.setMode('explorer', 'slow', { delayMs: 150 });
    try {
      const seen = await startAndLeave(client, { speeds: 'blitz', ratings: '1800' });
      expect(seen.some((e) => e.event === 'holes')).toBe(true);
      const running = await latest(client);
      expect(running.status).toBe('running');
      const done = await waitFor(
        () => latest(client),
        (run) => run.status !== 'running',
      );
      expect(done).toMatchObject({
        status: 'done',
        done: POSITIONS,
        total: POSITIONS,
        speeds: 'blitz',
        ratings: '1800',
      });
      expect(done.results).toMatch(/^Coverage Results for/);
      expect(done.holes.length).toBeGreaterThan(0);
      expect(done.report.length).toBe(POSITIONS);
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
  });

  test('Stop ends the run and keeps the holes found so far', async () => {
    const { client } = await signedInClient(env.server);
    env.sites.setMode('explorer', 'slow', { delayMs: 150 });
    try {
      await startAndLeave(client, { speeds: 'rapid', ratings: '1800' });
      const stopped = (await client.postJson('/api/coverage/stop', { color: 'white' })).body.api_data;
      expect(stopped.status).toBe('done');
      expect(stopped.results).toMatch(new RegExp(`^Stopped after \\d+ of ${POSITIONS} positions`));
      expect(stopped.done).toBeLessThan(POSITIONS);
      expect(stopped.holes.length).toBeGreaterThan(0);
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
  });

  test('starting another check of the same colour replaces the running one', async () => {
    const { client } = await signedInClient(env.server);
    env.sites.setMode('explorer', 'slow', { delayMs: 100 });
    try {
      const first = client.postMultipart('/api/coverage_check', form({ speeds: 'classical', ratings: '1800' }));
      await waitFor(
        () => latest(client),
        (run) => run?.status === 'running',
      );
      const second = await coverage(client, { speeds: 'classical', ratings: '1800' });
      expect(parseEvents((await first).text).at(-1)!.data.results).toBe(
        'This coverage check was replaced by a newer one.',
      );
      expect(second.events.at(-1)!.data.results).toMatch(/^Coverage Results for/);
      expect((await latest(client)).status).toBe('done');
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
  });

  test('a run whose process died shows as failed', async () => {
    const { client, userId } = await signedInClient(env.server);
    await env.database.db.insert(coverageRuns).values({
      userId,
      color: 'black',
      status: 'running',
      speeds: 'blitz',
      ratings: '2000',
      heartbeatAt: new Date(Date.now() - 60_000),
    });
    expect(await latest(client, 'black')).toMatchObject({ status: 'failed', results: DIED_MESSAGE });
  });

  test('answers older than 30 days are fetched again; the old answer serves when that fails', async () => {
    const { client } = await signedInClient(env.server);
    await coverage(client, { speeds: 'bullet', ratings: '2200' });
    const [first] = await walkOrder(client, 'bullet', '2200');
    const old = new Date(Date.now() - 31 * 86_400_000);
    const where = and(
      eq(positionStats.fen, first),
      eq(positionStats.speeds, 'bullet'),
      eq(positionStats.ratings, '2200'),
    );
    await env.database.db.update(positionStats).set({ fetchedAt: old }).where(where);

    const before = env.sites.requests('explorer');
    env.sites.setMode('explorer', 'error500');
    const withOld = await coverage(client, { speeds: 'bullet', ratings: '2200' });
    env.sites.setMode('explorer', 'ok');
    expect(
      env.sites
        .requestLog('explorer')
        .slice(before)
        .map((r) => fenOf(r.url)),
    ).toEqual([first]);
    expect(withOld.events.at(-1)!.data.results).toMatch(/^Coverage Results for/);

    await coverage(client, { speeds: 'bullet', ratings: '2200' });
    expect(env.sites.requests('explorer') - before).toBe(2);
    const [row] = await env.database.db.select().from(positionStats).where(where);
    expect(row.fetchedAt.getTime()).toBeGreaterThan(old.getTime() + 86_400_000);
  });

  test('closing the app hands a running check back; another app on the database finishes it, asking nothing twice', async () => {
    const other = await startTestServer(env.database, {
      lichessUrl: env.sites.lichessUrl,
      lichessExplorerUrl: env.sites.explorerUrl,
      lichessToken: 'explorer-token',
    });
    const { client } = await signedInClient(other);
    env.sites.setMode('explorer', 'slow', { delayMs: 100 });
    const before = env.sites.requests('explorer');
    try {
      const stream = client
        .postMultipart('/api/coverage_check', form({ speeds: 'blitz', ratings: '2200' }))
        .catch(() => undefined);
      await waitFor(
        async () => env.sites.requests('explorer') - before,
        (n) => n >= 3,
      );
      await other.close();
      await stream;
      const again = env.server.client();
      again.cookies.clear();
      for (const [k, v] of client.cookies) again.cookies.set(k, v);
      const ended = await waitFor(
        () => latest(again),
        (run) => run.status !== 'running',
        40_000,
      );
      expect(ended).toMatchObject({ status: 'done', done: POSITIONS, total: POSITIONS });
      expect(ended.results).toMatch(/^Coverage Results for/);
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
    // Every answer fetched before the close was kept: nothing is asked twice.
    const asked = env.sites
      .requestLog('explorer')
      .slice(before)
      .map((r) => fenOf(r.url));
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toHaveLength(POSITIONS);
  }, 60_000);
});
