import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type HttpClient,
  parseEvents,
} from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { buildRepertoireFromPgn, parseRepertoireLine, StarterWalk, type PositionStats } from '../../chess/index.js';
import { positionStats } from '../db/schema.js';

// Filters no other test file uses: the PostgreSQL test database is shared and outlives runs.
const SPEEDS = ['ultraBullet', 'correspondence'];
const RATINGS = [1000, 2500];

describe.each(testDatabaseKinds())('the starter repertoire on %s', (kind) => {
  const env = useSiteServer(kind, { lichessToken: 'server-token' });

  beforeAll(async () => {
    await env.database.db
      .delete(positionStats)
      .where(and(eq(positionStats.speeds, SPEEDS.join(',')), eq(positionStats.ratings, RATINGS.join(','))));
  });

  const build = async (client: HttpClient, fields: Record<string, unknown>) => {
    const response = await client.postJson('/api/repertoire/starter', {
      speeds: SPEEDS,
      ratings: RATINGS,
      ...fields,
    });
    return { response, events: parseEvents(response.text) };
  };

  /** The fake explorer's answer, asked directly: what the walk in the test is fed. */
  const explorerAnswer = async (fen: string): Promise<PositionStats> => {
    const query = new URLSearchParams({
      fen,
      speeds: SPEEDS.join(','),
      ratings: RATINGS.join(','),
      variant: 'standard',
    });
    const response = await fetch(`${env.sites.explorerUrl}/lichess?${query.toString()}`, {
      headers: { authorization: 'Bearer server-token' },
    });
    return (await response.json()) as PositionStats;
  };

  test('a White starter from 1. e4: the PGN reads back to exactly the walk’s tree, no position looked up twice', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'starter' });
    const before = env.sites.requestLog('explorer').length;
    const { response, events } = await build(client, { color: 'white', line: '1. e4', goal: 0.05 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const progress = events.filter((e) => e.event === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    const dones = progress.map((e) => e.data.done as number);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    const result = events.at(-1)!;
    expect(result.event).toBe('result');
    expect(result.data).toMatchObject({ status: 'done', color: 'white', line: '1. e4', goal: 0.05, queued: 0 });

    // Each position once: as many explorer calls as distinct positions, and as the build's lookups.
    const calls = env.sites.requestLog('explorer').slice(before);
    const fens = calls.map((c) => new URL(c.url, 'http://x').searchParams.get('fen')!.split(' ').slice(0, 4).join(' '));
    expect(new Set(fens).size).toBe(fens.length);
    expect(calls.length).toBe(result.data.done);

    // The same walk, fed the fake explorer's answers here, gives the same tree.
    const walk = new StarterWalk('white', parseRepertoireLine('1. e4').unwrap(), 0.05);
    for (let next = walk.nextPosition(); next; next = walk.nextPosition())
      walk.addStats(next.key, await explorerAnswer(next.fen));
    const expected = [...walk.tree().nodes.values()].map((n) => [n.key, n.moves.map((m) => m.uci).sort()]).sort();
    const readBack = buildRepertoireFromPgn(result.data.pgn, { color: 'white' }).unwrap();
    expect([...readBack.positions.values()].map((p) => [p.key, p.moves.map((m) => m.uci).sort()]).sort()).toEqual(
      expected,
    );
    expect(result.data.positions).toBe(readBack.positions.size);
    expect(result.data.own_moves).toBe(
      [...readBack.positions.values()].filter((p) => p.turn === 'white' && p.moves.length).length,
    );
    expect(result.data.reviews_per_day).toBeCloseTo((result.data.own_moves * 5) / 30, 1);
    expect(result.data.pgn).toMatch(/^\[Event "Starter: 1\. e4 \(White\)"\]/);

    // The latest build is kept; a second build asks the explorer nothing.
    const latest = await client.get('/api/repertoire/starter?color=white');
    expect(latest.body.api_data).toEqual(result.data);
    const again = env.sites.requestLog('explorer').length;
    const second = await build(client, { color: 'white', line: '1. e4', goal: 0.05 });
    expect(second.events.at(-1)!.data.pgn).toBe(result.data.pgn);
    expect(env.sites.requestLog('explorer').length).toBe(again);
  });

  test('kept as a source, the starter is the player’s repertoire; as edits it needs a study first', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'starter-keep' });
    const { events } = await build(client, { color: 'white', line: '1. e4', goal: 0.05 });
    const starter = events.at(-1)!.data;
    const noStudy = await client.postJson('/api/repertoire/starter/keep', { color: 'white' });
    expect(noStudy.status).toBe(400);
    expect(noStudy.body.error).toMatch(/no white study/);

    const kept = await client.postJson('/api/repertoire/sources', {
      color: 'white',
      study_text: starter.pgn,
      title: 'Starter: 1. e4',
    });
    expect(kept.status).toBe(200);
    const sources = await client.get('/api/repertoire/sources?color=white');
    expect(sources.body.api_data).toHaveLength(1);
    expect(sources.body.api_data[0]).toMatchObject({
      name: 'Starter: 1. e4',
      kind: 'file',
      positions: starter.positions,
    });

    // A bigger starter added as edits over it: only the lines the repertoire does not play yet.
    await build(client, { color: 'white', line: '1. e4', goal: 0.03 });
    const added = await client.postJson('/api/repertoire/starter/keep', { color: 'white' });
    expect(added.status).toBe(200);
    expect(added.body.api_data.added).toBeGreaterThan(0);
    expect(added.body.api_data.edits).toBe(added.body.api_data.added);
    const none = await client.postJson('/api/repertoire/starter/keep', { color: 'white' });
    expect(none.body.api_data.added).toBe(0);
    // One undo takes the whole addition back.
    await client.postJson('/api/repertoire/undo', { color: 'white' });
    expect((await client.get('/api/repertoire/edits?color=white')).body.api_data).toHaveLength(0);
  });

  test('bad input is a 400 that starts nothing', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'starter-bad' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ color: 'white', line: '1. e4 e5 2. Qxz9' }, /^In the line, 2\. Qxz9 is not a move$/],
      [{ color: 'white', line: '' }, /line must not be empty/],
      [{ color: 'white', line: '1. e4', speeds: ['hyper'] }, /Unknown speed 'hyper'/],
      [{ color: 'white', line: '1. e4', ratings: [1234] }, /Unknown rating band '1234'/],
      [{ color: 'white', line: '1. e4', goal: 2 }, /goal must be at most 0.5/],
      [{ color: 'green', line: '1. e4' }, /color must be white or black/],
    ];
    for (const [fields, message] of cases) {
      const { response } = await build(client, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    expect((await client.get('/api/repertoire/starter?color=white')).body.api_data).toBeNull();
    const estimate = await client.get('/api/repertoire/starter/estimate?goal=0.01');
    expect(estimate.body.api_data).toEqual({ low: 100, high: 400, seconds_per_lookup: 0 });
  });

  test('a failing explorer ends the build with what it found and says why', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'starter-fail' });
    // 1. d4 as White, never looked up before: three answers, then the explorer fails.
    env.sites.setMode('explorer', 'error500', { after: 3 });
    try {
      const { events } = await build(client, { color: 'white', line: '1. d4', goal: 0.02 });
      const result = events.at(-1)!.data;
      expect(result.status).toBe('failed');
      expect(result.message).toMatch(/^The explorer failed \(.+\); what was found before is kept$/);
      expect(result.done).toBe(3);
      expect(result.positions).toBeGreaterThan(4);
      const kept = buildRepertoireFromPgn(result.pgn, { color: 'white' }).unwrap();
      expect(kept.positions.size).toBe(result.positions);
      expect((await client.get('/api/repertoire/starter?color=white')).body.api_data.status).toBe('failed');
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
  });

  test('Stop ends a build that goes on without its client, keeping what it found', async () => {
    const { client } = await signedInClient(env.server, { prefix: 'starter-stop' });
    env.sites.setMode('explorer', 'slow', { delayMs: 300 });
    try {
      const abort = new AbortController();
      await client.get('/api/health');
      const response = await fetch(`${client.baseUrl}/api/repertoire/starter`, {
        method: 'POST',
        body: JSON.stringify({ color: 'white', line: '1. c4', speeds: SPEEDS, ratings: RATINGS, goal: 0.01 }),
        headers: {
          'content-type': 'application/json',
          'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        signal: abort.signal,
      });
      const reader = response.body!.getReader();
      let text = '';
      while (parseEvents(text).filter((e) => e.event === 'progress').length < 2) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      abort.abort();
      // Gone from the stream, still building.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const running = (await client.get('/api/repertoire/starter?color=white')).body.api_data;
      expect(running.status).toBe('running');
      expect(running.done).toBeGreaterThanOrEqual(2);
      const stopped = await client.postJson('/api/repertoire/starter/stop', { color: 'white' });
      expect(stopped.body.api_data.status).toBe('stopped');
      expect(stopped.body.api_data.message).toBe('Stopped; what it found is kept');
      expect(stopped.body.api_data.done).toBeGreaterThanOrEqual(running.done);
      const kept = buildRepertoireFromPgn(stopped.body.api_data.pgn, { color: 'white' }).unwrap();
      expect(kept.positions.size).toBe(stopped.body.api_data.positions);
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
  });

  /** Waits for the White build to end, and holds it to done with each position looked up once since `before`. */
  const expectDoneAskingOnce = async (client: HttpClient, before: number) => {
    const ended = await waitFor(
      async () => (await client.get('/api/repertoire/starter?color=white')).body.api_data,
      (b) => b.status !== 'running',
      40_000,
    );
    expect(ended.status, ended.message ?? '').toBe('done');
    const asked = env.sites
      .requestLog('explorer')
      .slice(before)
      .map((c) => new URL(c.url, 'http://x').searchParams.get('fen')!.split(' ').slice(0, 4).join(' '));
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBe(ended.done);
  };

  test('a build whose process went quiet is queued again and finished, asking nothing twice', async () => {
    const { client, userId } = await signedInClient(env.server, { prefix: 'starter-orphan' });
    env.sites.setMode('explorer', 'slow', { delayMs: 100 });
    const before = env.sites.requestLog('explorer').length;
    try {
      // 1. b3 at a goal nothing else here used: every position is new.
      const stream = build(client, { color: 'white', line: '1. b3', goal: 0.03 }).catch(() => undefined);
      await waitFor(
        async () => env.sites.requestLog('explorer').length - before,
        (n) => n >= 3,
      );
      // As a process that died half a minute ago would leave it: the working attempt loses its claim.
      await env.database.db.execute(sql`
        update starter_builds set attempt = 'dead-process', updated_at = now() - interval '30 seconds'
        where user_id = ${userId} and color = 'white'`);
      await stream;
      await expectDoneAskingOnce(client, before);
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
  }, 60_000);

  test('closing the app hands a running build back; another app on the database finishes it, asking nothing twice', async () => {
    const other = await startTestServer(env.database, {
      lichessUrl: env.sites.lichessUrl,
      lichessExplorerUrl: env.sites.explorerUrl,
      lichessToken: 'server-token',
    });
    const { client } = await signedInClient(other, { prefix: 'starter-handover' });
    env.sites.setMode('explorer', 'slow', { delayMs: 100 });
    const before = env.sites.requestLog('explorer').length;
    try {
      // 1. Nf3 at a goal nothing else here used: every position is new.
      const stream = build(client, { color: 'white', line: '1. Nf3', goal: 0.03 }).catch(() => undefined);
      await waitFor(
        async () => env.sites.requestLog('explorer').length - before,
        (n) => n >= 3,
      );
      const again = env.server.client();
      for (const [k, v] of client.cookies) again.cookies.set(k, v);
      expect((await again.get('/api/repertoire/starter?color=white')).body.api_data.status).toBe('running');
      await other.close();
      await stream;
      await expectDoneAskingOnce(again, before);
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
  }, 60_000);
});

async function waitFor<T>(read: () => Promise<T>, ready: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ready(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
