import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeRepertoirePgn } from '../e2e/fakes/fake-repertoire.js';
import { startFakeSites, type FakeSites } from '../e2e/fakes/fake-sites.js';
import { positionKey } from '../src/chess/index.js';
import type { Database } from '../src/server/db/client.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/rows.js';
import { HttpClient, parseEvents, type StreamEvent as Event } from './helper.js';
import { freshDatabase, openDatabase, signInEverywhere, startServerProcess, type ServerProcess } from './processes.js';

// Two real server processes on one PostgreSQL: work started on one is followed and finished by the other.

const REPERTOIRE = fakeRepertoirePgn({ depth: 4, breadth: 2 });

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries({ opening_text: REPERTOIRE, color: 'white', ...fields })) body.append(k, v);
  return body;
};

/** Reads an event stream, telling each event as it comes; settles with all of them at its end. */
async function readStream(client: HttpClient, path: string, init: RequestInit, onEvent: (e: Event) => void = () => {}) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/health');
  const response = await fetch(client.baseUrl + path, {
    ...init,
    headers: {
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  const reader = response.body!.getReader();
  let text = '';
  let seen = 0;
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) break;
    text += new TextDecoder().decode(value);
    const events = parseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2));
    for (const event of events.slice(seen)) onEvent(event);
    seen = events.length;
  }
  return parseEvents(text);
}

const fenOf = (url: string) => positionKey(new URL(url, 'http://x').searchParams.get('fen')!);
const speedsOf = (url: string) => new URL(url, 'http://x').searchParams.get('speeds');
const holeKeys = (holes: { fen: string; san: string }[]) => holes.map((h) => `${h.fen} ${h.san}`);

const baseUrl = process.env.TEST_DATABASE_URL;
const PAUSE_MS = 3_000;

describe.skipIf(!baseUrl)('two processes on one PostgreSQL', () => {
  let sites: FakeSites;
  let fresh: { url: string; drop(): Promise<void> };
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let env: Record<string, string>;
  /** Started by the preparation test, to take up what B was running when killed. */
  let c: ServerProcess | undefined;

  beforeAll(async () => {
    fresh = await freshDatabase(baseUrl!, `t_two_processes_${process.pid}`);
    sites = await startFakeSites({ explorerToken: 'explorer-token' });
    env = {
      DATABASE_URL: fresh.url,
      LICHESS_URL: sites.lichessUrl,
      LICHESS_EXPLORER_URL: sites.explorerUrl,
      LICHESS_TOKEN: 'explorer-token',
      EXPLORER_INTERVAL_MS: '250',
      // Shorter than the 60 s of production, to keep the test short.
      RATE_LIMIT_PAUSE_MS: String(PAUSE_MS),
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    database = await openDatabase({ url: fresh.url });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    await database?.close();
    await sites?.close();
    await fresh?.drop();
  });

  test('a 429 answered to a token through A rests that token through B too', async () => {
    const { clients } = await signInEverywhere(database, [a.url, b.url]);
    const [viaA, viaB] = clients;
    sites.setMode('lichess-studies', 'rate429', { once: true });
    const limited = await viaA.get('/api/lichess/studies?username=thibault');
    expect(limited.body.api_data).toEqual([]);
    const rested = sites.requestLog('lichess-studies').at(-1)!;
    const answer = await viaB.get('/api/lichess/studies?username=thibault');
    expect(answer.status).toBe(200);
    expect(answer.body.api_data.length).toBeGreaterThan(0);
    const [first, second] = sites.requestLog('lichess-studies').slice(-2);
    expect(first).toBe(rested);
    // Both processes call with the server's token: B waited out the pause A was told of.
    expect(second.startedAt - rested.finishedAt!).toBeGreaterThanOrEqual(PAUSE_MS - 200);
    expect(second.headers.authorization).toBe(rested.headers.authorization);
  }, 60_000);

  test('a check started through A is followed live through B; A killed mid-run, B finishes it asking nothing twice', async () => {
    const { clients } = await signInEverywhere(database, [a.url, b.url]);
    const [viaA, viaB] = clients;

    // The same check uninterrupted, on other filters (the fake answers every filter alike).
    const whole = await readStream(viaB, '/api/coverage_check', {
      method: 'POST',
      body: form({ speeds: 'rapid', ratings: '1600' }),
    });
    const expected = whole.at(-1)!;
    expect(expected.data.results).toMatch(/^Coverage Results for/);
    const positions = sites.requestLog('explorer').filter((r) => speedsOf(r.url) === 'rapid').length;

    const seenOnB: Event[] = [];
    let killedAt = 0;
    let goneAt = 0;
    const started = readStream(viaA, '/api/coverage_check', {
      method: 'POST',
      body: form({ speeds: 'blitz', ratings: '1600' }),
    });
    started.catch(() => undefined);
    // Wait until A works on it, then follow from B.
    while (!sites.requestLog('explorer').some((r) => speedsOf(r.url) === 'blitz'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const followed = readStream(viaB, '/api/coverage/follow?color=white', { method: 'GET' }, (event) => {
      seenOnB.push(event);
      const done = event.data?.done as number | undefined;
      if (!killedAt && event.event === 'holes' && done !== undefined && done >= 6) {
        killedAt = Date.now();
        a.kill('SIGKILL');
        // A may start one more lookup between this moment and the signal landing: it is A's until A is gone.
        void a.exited.then(() => (goneAt = Date.now()));
      }
    });
    const events = await followed;
    await a.exited;

    const result = events.at(-1)!;
    expect(result.event).toBe('result');
    expect(result.data.results).toMatch(/^Coverage Results for/);
    expect(holeKeys(result.data.holes)).toEqual(holeKeys(expected.data.holes));
    // B heard A's progress live, before the kill.
    expect(killedAt).toBeGreaterThan(0);
    const holesBeforeKill = seenOnB.filter((e) => e.event === 'holes' && (e.data.done as number) < 6);
    expect(holesBeforeKill.length).toBeGreaterThan(0);

    const asked = sites.requestLog('explorer').filter((r) => speedsOf(r.url) === 'blitz');
    // The last lookup A started before it died may have had no answer stored yet: the only one that
    // may be asked again.
    expect(goneAt).toBeGreaterThanOrEqual(killedAt);
    const lastOfA = asked.filter((r) => r.startedAt <= goneAt).at(-1);
    const inFlight = new Set(lastOfA ? [fenOf(lastOfA.url)] : []);
    const counts = new Map<string, number>();
    for (const r of asked) counts.set(fenOf(r.url), (counts.get(fenOf(r.url)) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([fen]) => fen);
    expect(twice.filter((fen) => !inFlight.has(fen))).toEqual([]);
    expect(counts.size).toBe(positions);
    const takenUp = asked.find((r) => r.startedAt > goneAt)!.startedAt - killedAt;
    console.log(`takeover after SIGKILL: ${takenUp} ms`);
    expect(takenUp).toBeLessThan(60_000);
  }, 120_000);

  test('a preparation running on B when it is killed is run again by a process started after, and kept once', async () => {
    // A is gone (the test before); B alone takes the job.
    const { userId, clients } = await signInEverywhere(database, [b.url]);
    const [viaB] = clients;
    const saved = await viaB.postJson('/api/update-study', {
      color: 'black',
      exclude_move_indicators: '',
      link: null,
      study_text: '1. e4 c5 2. Nf3 d6 *',
      title: 'black study',
    });
    expect(saved.status, saved.text).toBe(200);
    sites.setMode('lichess-games', 'slow', { delayMs: 1_500 });
    const asked = sites.requestLog('lichess-games').length;
    const waiting = viaB.postJson('/api/opponent-prep', { site: 'lichess', username: 'thibault', color: 'black' });
    waiting.catch(() => undefined);
    while (sites.requestLog('lichess-games').length === asked) await new Promise((resolve) => setTimeout(resolve, 20));
    const killedAt = Date.now();
    b.kill('SIGKILL');
    await b.exited;
    c = await startServerProcess(env);
    const viaC = new HttpClient(c.url);
    for (const [k, v] of viaB.cookies) viaC.cookies.set(k, v);
    const until = Date.now() + 90_000;
    let recent: { username: string; color: string }[] = [];
    while (recent.length === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      recent = (await viaC.get('/api/opponent-prep/recent')).body.api_data ?? [];
    }
    sites.setMode('lichess-games', 'ok');
    expect(recent).toMatchObject([{ username: 'thibault', color: 'black' }]);
    const takenUp = Date.now() - killedAt;
    console.log(`preparation finished after SIGKILL: ${takenUp} ms`);
    expect(takenUp).toBeLessThan(90_000);
    const [task] = rowsOf<{ status: string; outcome: { ok: boolean } }>(
      await database.db.execute(
        sql`select status, outcome from player_tasks where user_id = ${userId} and kind = 'prep'`,
      ),
    );
    expect(task).toMatchObject({ status: 'ended', outcome: { ok: true } });
  }, 150_000);
});
