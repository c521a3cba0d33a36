import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, test } from 'vitest';
import { HttpClient, testConfig, signedInUser } from '../../../test/helper.js';
import { buildApp } from '../app.js';

const config = testConfig();
let app: FastifyInstance | undefined;

afterAll(async () => {
  await app?.close();
  rmSync(config.dataDir, { recursive: true, force: true });
});

async function start(): Promise<string> {
  app = await buildApp(config);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

test('notes and mistakes survive a restart of the server on the same DATA_DIR', async () => {
  const firstUrl = await start();
  const user = await signedInUser(app!, firstUrl);
  const saved = await user.client.postJson('/api/upsert-game-review', {
    hero_color: 'Black',
    opponent_name: 'rival',
    link: 'https://lichess.org/restart1',
    pgn: '1. d4 Nf6 2. c4 e6 *',
  });
  expect(saved.status, saved.text).toBe(200);
  const id = saved.body.api_data.id;
  await user.client.postJson('/api/upsert-game-review', { id, notes: 'Nimzo next time' });
  await user.client.postJson('/api/upsert-mistake', { game_review_id: id, ply: 4, notes: 'e6 was fine' });
  await app!.close();

  const secondUrl = await start();
  // The same browser (cookies) against the restarted server.
  const again = new HttpClient(secondUrl);
  for (const [name, value] of user.client.cookies) again.cookies.set(name, value);
  const reviews = await again.get('/api/get-game-reviews');
  expect(reviews.status).toBe(200);
  expect(reviews.body.api_data).toEqual([
    expect.objectContaining({
      id,
      notes: 'Nimzo next time',
      mistakes: [expect.objectContaining({ ply: 4, notes: 'e6 was fine' })],
    }),
  ]);
}, 60_000);
