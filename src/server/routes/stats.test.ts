import { beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  signedInClient,
  testDatabaseKinds,
  type TestServer,
  parseEvents,
} from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { positionStats } from '../db/schema.js';
import { FEN_AFTER_E4, FEN_AFTER_E4_E5_NF3, SMALL_STUDY } from '../openings/testdata/small-study.js';
import { NO_TOKEN_MESSAGE } from '../sites/explorer.js';

async function coverage(client: HttpClient, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ opening_text: SMALL_STUDY, color: 'white', ...fields })) form.append(k, v);
  const response = await client.postMultipart('/api/coverage_check', form);
  return { response, events: parseEvents(response.text) };
}

// The small study's positions with Black to move and a repertoire reply: after 1. e4, after
// 1. e4 e5 2. Nf3 and after 1. e4 c5 2. Nf3 (the line ends after 2. c3 and 3. Bb5/Bc4 are left out).
const DISTINCT_OPPONENT_POSITIONS = 3;

describe.each(testDatabaseKinds())('coverage and stats on %s', (kind) => {
  const env = useSiteServer(
    kind,
    { lichessToken: 'explorer-token', rateLimitPauseMs: 300 },
    { explorerToken: 'explorer-token' },
  );
  let noToken: TestServer;

  beforeAll(async () => {
    // A PostgreSQL test database outlives runs: start from an empty explorer cache.
    await env.database.db.delete(positionStats);
    noToken = await env.startServer({ lichessToken: undefined });
  });

  test('a coverage check streams progress, then the report; the same check again needs no explorer call', async () => {
    const { client } = await signedInClient(env.server);
    const before = env.sites.requests('explorer');
    const first = await coverage(client, { speeds: 'blitz', ratings: '2000' });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const progress = first.events.filter((e) => e.event === 'progress').map((e) => e.data);
    expect(progress[0]).toEqual({ done: 0, total: DISTINCT_OPPONENT_POSITIONS });
    expect(progress.at(-1)).toEqual({ done: DISTINCT_OPPONENT_POSITIONS, total: DISTINCT_OPPONENT_POSITIONS });
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3]);
    expect(env.sites.requests('explorer') - before).toBe(DISTINCT_OPPONENT_POSITIONS);
    const log = env.sites.requestLog('explorer').slice(before);
    expect(log.every((r) => r.url.includes('speeds=blitz&ratings=2000'))).toBe(true);

    const result = first.events.at(-1)!;
    expect(result.event).toBe('result');
    expect(result.data.results).toMatch(/^Coverage Results for: Small/);
    expect(result.data.report.map((p: { fen: string }) => p.fen)).toEqual([
      FEN_AFTER_E4,
      // Same move number and side: the order between them is the core's stable tie-break.
      'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
      FEN_AFTER_E4_E5_NF3,
    ]);
    const afterE4 = result.data.report[0];
    const covered = afterE4.moves.filter((m: { covered: boolean }) => m.covered).map((m: { san: string }) => m.san);
    expect(covered.sort()).toEqual(['c5', 'e5']);

    const again = await coverage(client, { speeds: 'blitz', ratings: '2000' });
    expect(env.sites.requests('explorer') - before).toBe(DISTINCT_OPPONENT_POSITIONS);
    expect(again.events.filter((e) => e.event === 'progress').map((e) => e.data)).toEqual([{ done: 3, total: 3 }]);
    expect(again.events.at(-1)!.data).toEqual(result.data);
  });

  test('another user with the same filters is answered from the shared cache', async () => {
    const a = await signedInClient(env.server);
    const b = await signedInClient(env.server);
    await coverage(a.client, { speeds: 'classical', ratings: '2200,2500' });
    const before = env.sites.requests('explorer');
    await coverage(b.client, { speeds: 'classical', ratings: '2500,2200' });
    expect(env.sites.requests('explorer')).toBe(before);
  });

  test('two users checking at once share each explorer call, one call at a time', async () => {
    const a = await signedInClient(env.server);
    const b = await signedInClient(env.server);
    const before = env.sites.requests('explorer');
    const [ra, rb] = await Promise.all([
      coverage(a.client, { speeds: 'blitz,rapid', ratings: '1800' }),
      coverage(b.client, { speeds: 'rapid,blitz', ratings: '1800' }),
    ]);
    const log = env.sites.requestLog('explorer').slice(before);
    expect(log.length).toBe(DISTINCT_OPPONENT_POSITIONS);
    for (let i = 1; i < log.length; i++) expect(log[i].startedAt).toBeGreaterThanOrEqual(log[i - 1].finishedAt!);
    expect(ra.events.at(-1)!.data).toEqual(rb.events.at(-1)!.data);
  });

  test('a 429 from the explorer is waited out and the check completes', async () => {
    const { client } = await signedInClient(env.server);
    env.sites.setMode('explorer', 'rate429', { once: true });
    const before = env.sites.requests('explorer');
    const started = Date.now();
    const { events } = await coverage(client, { speeds: 'bullet', ratings: '1600' });
    const log = env.sites.requestLog('explorer').slice(before);
    expect(log.length).toBe(DISTINCT_OPPONENT_POSITIONS + 1);
    // The retry started only after the pause.
    expect(log[1].startedAt - log[0].startedAt).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(events.at(-1)!.data.results).toMatch(/^Coverage Results for/);
  });

  test('an explorer that is down ends in the Sorry message and the server keeps serving', async () => {
    const { client } = await signedInClient(env.server);
    env.sites.setMode('explorer', 'down');
    try {
      const { response, events } = await coverage(client, { speeds: 'rapid', ratings: '1400' });
      expect(response.status).toBe(200);
      const result = events.at(-1)!;
      expect(result.event).toBe('result');
      expect(result.data.results).toMatch(
        /^Sorry\.\.\.something went wrong, we'll look into it: .*could not be reached/,
      );
      expect(result.data.report).toEqual([]);
    } finally {
      env.sites.setMode('explorer', 'ok');
    }
    const health = await client.get('/api/get-studies');
    expect(health.status).toBe(200);
    const retry = await coverage(client, { speeds: 'rapid', ratings: '1400' });
    expect(retry.events.at(-1)!.data.results).toMatch(/^Coverage Results for/);
  });

  test('without a token the check says so plainly, unless everything is cached', async () => {
    const { client } = await signedInClient(noToken);
    const before = env.sites.requests('explorer');
    const { events } = await coverage(client, { speeds: 'correspondence', ratings: '400' });
    expect(events.at(-1)!.data.results).toBe(NO_TOKEN_MESSAGE);
    expect(env.sites.requests('explorer')).toBe(before);
    const cached = await coverage(client, { speeds: 'blitz', ratings: '2000' });
    expect(cached.events.at(-1)!.data.results).toMatch(/^Coverage Results for/);
  });

  test('coverage with no study text is refused before the stream starts', async () => {
    const { client } = await signedInClient(env.server);
    const { response } = await coverage(client, { opening_text: '' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'No study text' });
  });

  test('get_stats lists cached records for the filters; update_stats stores uploaded ones', async () => {
    const { client } = await signedInClient(env.server);
    const form = new FormData();
    const fen = '8/8/8/4k3/8/8/4K3/7R w - - 0 40';
    form.append(
      'stats',
      JSON.stringify([
        {
          fen,
          speeds: 'ultraBullet',
          ratings: '1000',
          white: 5,
          draws: 1,
          black: 0,
          moves: JSON.stringify([{ uci: 'h1h5', san: 'Rh5+', white: 5, draws: 1, black: 0 }]),
        },
      ]),
    );
    const stored = await client.postMultipart('/api/update_stats', form);
    expect(stored.status).toBe(200);
    const got = await client.get('/api/get_stats?speeds=ultraBullet&ratings=1000');
    // Other files on a shared PostgreSQL may cache positions at the same filters meanwhile.
    const storedFen = '8/8/8/4k3/8/8/4K3/7R w - -';
    expect(got.body).toContainEqual({
      fen: storedFen,
      speeds: 'ultraBullet',
      ratings: '1000',
      white: 5,
      draws: 1,
      black: 0,
      moves: [{ uci: 'h1h5', san: 'Rh5+', white: 5, draws: 1, black: 0 }],
    });
    for (const record of got.body) expect(record).toMatchObject({ speeds: 'ultraBullet', ratings: '1000' });
    const bad = await client.get('/api/get_stats?speeds=hyper&ratings=1000');
    expect(bad.status).toBe(400);
    const badUpload = new FormData();
    badUpload.append('stats', 'not json');
    const refused = await client.postMultipart('/api/update_stats', badUpload);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('stats must be a JSON array of stat records');
    const badRecord = new FormData();
    badRecord.append('stats', JSON.stringify([{ fen, white: -1, draws: 0, black: 0, moves: '[]' }]));
    const named = await client.postMultipart('/api/update_stats', badRecord);
    expect(named.status).toBe(400);
    expect(named.body.error).toMatch(/stats\.0\.white/);
    const after = await client.get('/api/get_stats?speeds=ultraBullet&ratings=1000');
    const ours = (records: { fen: string }[]) => records.filter((record) => record.fen === storedFen);
    expect(ours(after.body)).toEqual(ours(got.body));
  });
});
