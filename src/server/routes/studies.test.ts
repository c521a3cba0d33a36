import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { defaultFixturesDir } from '../../../e2e/fakes/fixtures.js';
import { signedInClient, testDatabaseKinds } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.js';

const fixture = (name: string) => readFileSync(`${defaultFixturesDir()}/lichess/${name}`, 'utf8');

describe.each(testDatabaseKinds())('studies on %s', (kind) => {
  const env = useSiteServer(kind, { lichessToken: 'test-token' });

  test('the study list is read from Lichess through the server', async () => {
    const { client } = await signedInClient(env.server);
    const response = await client.get('/api/lichess/studies?username=Chess700800');
    expect(response.status).toBe(200);
    expect(response.body.api_data[0]).toEqual({ id: 'Vl9LYHvz', name: "Chess700800's Study" });
    expect(response.body.api_data.map((s: { id: string }) => s.id)).toContain('i5a1oOJH');
  });

  test('listing studies needs a username', async () => {
    const { client } = await signedInClient(env.server);
    const response = await client.get('/api/lichess/studies?username=');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/username/);
  });

  test('a study is fetched with the server token, never asked of the browser', async () => {
    const { client } = await signedInClient(env.server);
    const before = env.sites.requests('lichess-study-pgn');
    const response = await client.get('/api/lichess/study/LKbBDz6U');
    expect(response.status).toBe(200);
    expect(response.body.api_data.pgn).toBe(fixture('study_LKbBDz6U_glyphs_2023.pgn'));
    expect(response.body.api_data.title).toBe('short study');
    const log = env.sites.requestLog('lichess-study-pgn');
    expect(log.length).toBe(before + 1);
    expect(log[log.length - 1].headers.authorization).toBe('Bearer test-token');
  });

  test('a failing study list gives an empty list and the reason', async () => {
    const { client } = await signedInClient(env.server);
    env.sites.setMode('lichess-studies', 'error500', { once: true });
    const response = await client.get('/api/lichess/studies?username=someone');
    expect(response.status).toBe(200);
    expect(response.body.api_data).toEqual([]);
    expect(response.body.error).toMatch(/^Lichess did not send the study list \(.*500.*\): try again later$/);
  });

  test('an unknown Lichess player is named as such, not as a failing site', async () => {
    const { client } = await signedInClient(env.server);
    env.sites.setMode('lichess-studies', 'notfound404', { once: true });
    const response = await client.get('/api/lichess/studies?username=nobody');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ api_data: [], error: 'Lichess has no player named nobody' });
  });

  test('update-study then get-studies returns it with its colour; the other side is null', async () => {
    const { client } = await signedInClient(env.server);
    const empty = await client.get('/api/get-studies');
    expect(empty.body).toEqual({ api_data: { white: null, black: null } });

    const text = fixture('study_i5a1oOJH_ruy_lopez_2021.pgn');
    const saved = await client.postJson('/api/update-study', {
      color: 'white',
      exclude_move_indicators: '??,?',
      link: 'https://lichess.org/study/i5a1oOJH',
      study_text: text,
      title: 'The Ruy Lopez',
      last_update: '2026-01-02T03:04:05.000Z',
    });
    expect(saved.status).toBe(200);
    const got = await client.get('/api/get-studies');
    expect(got.body.api_data.black).toBeNull();
    expect(got.body.api_data.white).toEqual({
      color: 'white',
      title: 'The Ruy Lopez',
      link: 'https://lichess.org/study/i5a1oOJH',
      study_text: text,
      exclude_move_indicators: '?,??',
      last_update: '2026-01-02T03:04:05.000Z',
    });
  });

  test('a stored study is read once: its drill deck is built from that same read', async () => {
    const { client } = await signedInClient(env.server);
    // A text no other test stores, so this build is the only one of it.
    const text = `${fixture('study_i5a1oOJH_ruy_lopez_2021.pgn')}\n\n[Event "Only here on ${kind}"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 *`;
    const before = env.server.app.repertoireCache.counters().builds;
    const saved = await client.postJson('/api/update-study', {
      color: 'white',
      exclude_move_indicators: '??,?',
      study_text: text,
      title: 'Ruy Lopez, once',
    });
    expect(saved.status).toBe(200);
    expect((await client.postJson('/api/drill/sync', { color: 'white' })).status).toBe(200);
    expect(env.server.app.repertoireCache.counters().builds).toBe(before + 1);
  });

  test('a large study comes back whole, stored out of line without compression (no time spent packing it)', async () => {
    const { client, userId } = await signedInClient(env.server);
    const chapter = fixture('study_i5a1oOJH_ruy_lopez_2021.pgn');
    const text = Array.from({ length: 40 }, (_, i) => chapter.replace(/\[Event "/, `[Event "Copy ${i + 1} `)).join(
      '\n\n',
    );
    expect(text.length).toBeGreaterThan(200_000);
    const saved = await client.postJson('/api/update-study', {
      color: 'black',
      exclude_move_indicators: '',
      link: null,
      study_text: text,
      title: 'Copies',
    });
    expect(saved.status).toBe(200);
    expect((await client.get('/api/get-studies')).body.api_data.black.study_text).toBe(text);
    const storage = await env.database.db.execute(
      sql`select attname, attstorage from pg_attribute where attrelid = 'studies'::regclass and attname in ('study_text', 'drill_deck_keys') order by attname`,
    );
    expect(rowsOf(storage)).toEqual([
      { attname: 'drill_deck_keys', attstorage: 'e' },
      { attname: 'study_text', attstorage: 'e' },
    ]);
    const sizes = await env.database.db.execute(
      sql`select pg_column_size(study_text) as stored, octet_length(study_text) as length from studies where user_id = ${userId} and color = 'black'`,
    );
    const [{ stored, length }] = rowsOf<{ stored: number; length: number }>(sizes);
    expect(Number(stored)).toBeGreaterThanOrEqual(Number(length));
  });

  test('an uploaded file has no link, and a null study_text clears that side', async () => {
    const { client } = await signedInClient(env.server);
    await client.postJson('/api/update-study', {
      color: 'black',
      exclude_move_indicators: '',
      link: null,
      study_text: '1. e4 c5 *',
      title: 'sicilian.pgn',
    });
    let got = await client.get('/api/get-studies');
    expect(got.body.api_data.black).toMatchObject({
      color: 'black',
      link: null,
      title: 'sicilian.pgn',
      study_text: '1. e4 c5 *',
    });
    await client.postJson('/api/update-study', {
      color: 'black',
      exclude_move_indicators: '',
      link: null,
      study_text: null,
      title: '',
    });
    got = await client.get('/api/get-studies');
    expect(got.body.api_data.black).toBeNull();
  });

  test('bad input is refused with 400 and nothing stored', async () => {
    const { client } = await signedInClient(env.server);
    const badColor = await client.postJson('/api/update-study', { color: 'green', study_text: '1. e4 *' });
    expect(badColor.status).toBe(400);
    const badPgn = await client.postJson('/api/update-study', { color: 'white', study_text: '1. e4 e5 2. Ke3 *' });
    expect(badPgn.status).toBe(400);
    expect(badPgn.body.error).toMatch(/PGN/);
    const badSymbol = await client.postJson('/api/update-study', {
      color: 'white',
      study_text: '1. e4 *',
      exclude_move_indicators: '!!',
    });
    expect(badSymbol.status).toBe(400);
    const got = await client.get('/api/get-studies');
    expect(got.body.api_data).toEqual({ white: null, black: null });
  });

  test("another user's study is never visible", async () => {
    const alice = await signedInClient(env.server);
    const bob = await signedInClient(env.server);
    await alice.client.postJson('/api/update-study', { color: 'white', study_text: '1. d4 d5 *', title: 'alice' });
    const bobs = await bob.client.get('/api/get-studies');
    expect(bobs.body.api_data).toEqual({ white: null, black: null });
    await bob.client.postJson('/api/update-study', { color: 'white', study_text: '1. e4 e5 *', title: 'bob' });
    const alices = await alice.client.get('/api/get-studies');
    expect(alices.body.api_data.white.title).toBe('alice');
  });

  test('study calls need a session', async () => {
    const response = await env.server.client().get('/api/get-studies');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ api_result: 'user_not_logged_in' });
  });
});
