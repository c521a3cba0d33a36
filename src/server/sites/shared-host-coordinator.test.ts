import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeSites, type FakeSites } from '../../../e2e/fakes/fake-sites.js';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { positionStats, sitePauses } from '../db/schema.js';
import { SMALL_STUDY } from '../openings/testdata/small-study.js';
import { createHttpQueue } from './http-queue.js';
import { createSharedHostCoordinator } from './shared-host-coordinator.js';

async function coverage(client: HttpClient, speeds: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ opening_text: SMALL_STUDY, color: 'white', speeds, ratings: '1000' }))
    form.append(k, v);
  return (await client.postMultipart('/api/coverage_check', form)).text;
}

describe.each(testDatabaseKinds())('site calls shared between processes on %s', (kind) => {
  let database: Database;
  let sites: FakeSites;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sites = await startFakeSites({ explorerToken: 'server-token' });
  });
  afterAll(async () => {
    await sites.close();
    await database.close();
  });

  test('a 429 seen by one process pauses the host for another', async () => {
    const host = new URL(sites.explorerUrl).host;
    await database.db.delete(sitePauses).where(eq(sitePauses.host, host));
    // Two queues with their own memory, as two processes have, over one database.
    const first = createHttpQueue({ rateLimitPauseMs: 1500, coordinator: createSharedHostCoordinator(database.db) });
    const second = createHttpQueue({ rateLimitPauseMs: 1500, coordinator: createSharedHostCoordinator(database.db) });
    const url = `${sites.explorerUrl}/lichess?fen=${encodeURIComponent('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1')}`;
    const headers = { Authorization: 'Bearer server-token' };
    sites.setMode('explorer', 'rate429', { once: true });
    // The pause starts when the 429 arrives, after this moment: the next call comes 1500 ms later at least.
    const askedAt = Date.now();
    const limited = await first.get(url, { headers });
    expect(limited.isErr && limited.error.status).toBe(429);
    expect(second.pausedUntil(url)).toBe(0);
    const next = await second.get(url, { headers });
    expect(next.isOk).toBe(true);
    expect(sites.requestLog('explorer').at(-1)!.startedAt - askedAt).toBeGreaterThanOrEqual(1500);
    expect(second.pausedUntil(url)).toBe(0);
  });

  describe.runIf(kind === 'postgres')('two app instances on one PostgreSQL', () => {
    let one: TestServer;
    let two: TestServer;
    beforeAll(async () => {
      await database.db.delete(positionStats).where(eq(positionStats.ratings, '1000'));
      const urls = {
        lichessUrl: sites.lichessUrl,
        lichessExplorerUrl: sites.explorerUrl,
        lichessToken: 'server-token',
        explorerIntervalMs: 0,
      };
      one = await startTestServer(database, urls);
      two = await startTestServer(database, urls);
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    test('running coverage at once, the explorer never sees two requests in flight', async () => {
      sites.reset();
      // Slow answers give the two instances every chance to overlap.
      sites.setMode('explorer', 'slow', { delayMs: 150 });
      const [a, b] = await Promise.all([signedInClient(one), signedInClient(two)]);
      const [ra, rb] = await Promise.all([coverage(a.client, 'ultraBullet'), coverage(b.client, 'correspondence')]);
      const log = sites.requestLog('explorer').sort((x, y) => x.startedAt - y.startedAt);
      sites.reset();
      expect(ra).toMatch(/event: result\ndata: \{"results":"Coverage Results/);
      expect(rb).toMatch(/event: result\ndata: \{"results":"Coverage Results/);
      expect(log.length).toBe(6);
      expect(new Set(log.map((r) => (r.url.includes('ultraBullet') ? 'a' : 'b')))).toEqual(new Set(['a', 'b']));
      for (let i = 1; i < log.length; i++) expect(log[i].startedAt).toBeGreaterThanOrEqual(log[i - 1].finishedAt!);
    });
  });
});
