import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

describe.each(testDatabaseKinds())('get-cards revalidation on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const signedIn = async () => (await signedInClient(server, { prefix: 'etag' })).client;

  const card = (id: string, prompt: string) => ({ id, prompt, prompt_fen: START, answer_fen: AFTER_E4, answer: 'e4' });

  test('a large list is sent compressed (brotli, else gzip) with the same content, and plain when not accepted', async () => {
    const client = await signedIn();
    await client.postJson(
      '/api/upsert-cards',
      Array.from({ length: 40 }, (_, i) => card(`c${i}`, `card ${i}`)),
    );
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const ask = (encoding: string) =>
      server.app.inject({ url: '/api/get-cards', headers: { cookie, 'accept-encoding': encoding } });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = JSON.parse(plain.body);
    expect(list.api_data).toHaveLength(40);

    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(list);

    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(list);
    // Small answers are not worth it.
    expect(
      (await server.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } })).headers[
        'content-encoding'
      ],
    ).toBeUndefined();
  });

  test('answers 304 while the cards are unchanged, and a new ETag after each upsert, review and delete', async () => {
    const client = await signedIn();
    const first = await client.get('/api/get-cards');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    let etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"cards-\d+-\d+"$/);

    const unchanged = await client.request('GET', '/api/get-cards', undefined, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    const changes: [string, () => Promise<unknown>][] = [
      ['upsert', () => client.postJson('/api/upsert-cards', [card('a', 'first'), card('b', 'second')])],
      ['edit', () => client.postJson('/api/upsert-cards', [card('a', 'edited')])],
      ['review', () => client.postJson('/api/review-card', { id: 'a', rating: 3 })],
      ['delete', () => client.postJson('/api/delete-card', { id: 'b' })],
    ];
    for (const [, change] of changes) {
      await change();
      const after = await client.request<{ api_data: { id: string; prompt: string; reps: number }[] }>(
        'GET',
        '/api/get-cards',
        undefined,
        { 'if-none-match': etag },
      );
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      etag = after.headers.get('etag')!;
    }
    const final = await client.get<{ api_data: { id: string; prompt: string; reps: number; user_id: string }[] }>(
      '/api/get-cards',
    );
    expect(final.body.api_data.map((c) => [c.id, c.prompt, c.reps])).toEqual([['a', 'edited', 1]]);
  });

  test('a large list asked again is the same in every encoding, and a change made through another server is served at once', async () => {
    // Two servers on one database, as two processes would be: each keeps the lists it sent.
    const other = await startTestServer(database);
    try {
      const client = await signedIn();
      // Some 60 KB of cards: large enough to be kept compressed in memory.
      const many = Array.from({ length: 120 }, (_, i) => ({
        ...card(`k${i}`, `long prompt ${i} `.repeat(20)),
        due: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      }));
      await client.postJson('/api/upsert-cards', many);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const ask = (app: TestServer['app'], encoding: string) =>
        app.inject({ url: '/api/get-cards', headers: { cookie, 'accept-encoding': encoding } });
      const read = (answer: Awaited<ReturnType<typeof ask>>) => {
        const encoding = answer.headers['content-encoding'];
        const raw = answer.rawPayload;
        const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        return JSON.parse(text.toString()) as { api_data: { id: string; prompt: string; reps: number }[] };
      };

      const first = await ask(server.app, 'br');
      expect(first.headers['content-encoding']).toBe('br');
      const list = read(first);
      expect(list.api_data.map((c) => c.id)).toEqual(many.map((c) => c.id));
      for (const encoding of ['br', 'gzip, deflate, br', 'gzip', 'identity', '']) {
        const again = await ask(server.app, encoding);
        expect(again.statusCode).toBe(200);
        expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(again.headers.vary).toBe('accept-encoding');
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(again.headers['content-encoding']).toBe({ br: 'br', 'gzip, deflate, br': 'br', gzip: 'gzip' }[encoding]);
        expect(read(again)).toEqual(list);
      }

      // Reviewed and edited through the other server: the first one sends the new list, not its kept one.
      const reviewed = await other.app.inject({
        method: 'POST',
        url: '/api/review-card',
        headers: { cookie, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!, 'content-type': 'application/json' },
        payload: { id: 'k0', rating: 3 },
      });
      expect(reviewed.statusCode).toBe(200);
      const afterReview = await ask(server.app, 'br');
      expect(afterReview.headers.etag).not.toBe(first.headers.etag);
      const k0 = read(afterReview).api_data.find((c) => c.id === 'k0')!;
      expect(k0.reps).toBe(1);
      await client.postJson('/api/upsert-cards', [{ ...many[5], prompt: 'edited' }]);
      expect(read(await ask(other.app, 'identity')).api_data.find((c) => c.id === 'k5')!.prompt).toBe('edited');
      expect(read(await ask(server.app, 'br')).api_data.find((c) => c.id === 'k5')!.prompt).toBe('edited');
    } finally {
      await other.close();
    }
  });

  test("one player's change leaves another player's ETag alone", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const bobEtag = (await bob.get('/api/get-cards')).headers.get('etag')!;
    await alice.postJson('/api/upsert-cards', [card('x', 'alice')]);
    const again = await bob.request('GET', '/api/get-cards', undefined, { 'if-none-match': bobEtag });
    expect(again.status).toBe(304);
  });
});
