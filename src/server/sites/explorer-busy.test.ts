import { expect, test } from 'vitest';
import { signedInClient } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { positionStats } from '../db/schema.js';
import { SMALL_STUDY } from '../openings/testdata/small-study.js';

const env = useSiteServer(
  'pglite',
  { lichessToken: 'explorer-token', rateLimitPauseMs: 2_500 },
  { explorerToken: 'explorer-token' },
);

test('while the explorer rests after a 429 the coverage stream says Lichess is busy and when it retries', async () => {
  await env.database.db.delete(positionStats);
  const { client } = await signedInClient(env.server);
  env.sites.setMode('explorer', 'rate429', { once: true });
  const form = new FormData();
  form.append('opening_text', SMALL_STUDY);
  form.append('color', 'white');
  const response = await client.postMultipart('/api/coverage_check', form);
  const events = response.text
    .split('\n\n')
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }))
    .filter((e) => e.event && e.data)
    .map((e) => ({ event: e.event!, data: JSON.parse(e.data!) }));
  const status = events.filter((e) => e.event === 'status');
  expect(status).toHaveLength(1);
  expect(status[0].data.message).toMatch(/^Lichess is busy, retrying in [1-3] s$/);
  expect(events.at(-1)!.event).toBe('result');
  expect(events.at(-1)!.data.results).toMatch(/^Coverage Results for/);
}, 30_000);

test('while Lichess rests after a 429, recent games and studies answer at once that it is busy, then work again', async () => {
  const { client } = await signedInClient(env.server);
  env.sites.setMode('lichess-games', 'rate429', { once: true });
  // The first caller meets the 429 (and gets the fallback, an empty list).
  const first = client.get('/api/recent-games?site=lichess&username=thibault');
  await new Promise((resolve) => setTimeout(resolve, 400));

  const asked = Date.now();
  const games = await client.get('/api/recent-games?site=lichess&username=thibault');
  const studies = await client.get('/api/lichess/studies?username=thibault');
  const study = await client.get('/api/lichess/study/abcdEFGH');
  // Answered without waiting for the pause to end.
  expect(Date.now() - asked).toBeLessThan(2_000);
  for (const answer of [games, studies, study]) {
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      busy: true,
      error: expect.stringMatching(/^Lichess is busy, retrying in [1-3] s$/),
    });
  }
  expect(env.sites.requests('lichess-studies')).toBe(0);

  expect((await first).body.api_data).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 2_600));
  const again = await client.get('/api/recent-games?site=lichess&username=thibault');
  expect(again.body.busy).toBeUndefined();
  expect(again.body.api_data.length).toBeGreaterThan(0);
}, 30_000);
