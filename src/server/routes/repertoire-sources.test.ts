import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { defaultFixturesDir } from '../../../e2e/fakes/fixtures.js';
import { signedInClient, testDatabaseKinds, type HttpClient, type TestServer } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { drillItems, studies } from '../db/schema.js';

const fixture = (name: string) => readFileSync(`${defaultFixturesDir()}/lichess/${name}`, 'utf8');

// 1. d4 Nf6 2. c4 e6 and 1. c4 e6 2. d4 Nf6 meet; each source answers the next move its own way.
const NIMZO = '[ChapterName "Main"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 *\n';
const ENGLISH = '[ChapterName "English"]\n\n1. c4 e6 2. d4 Nf6 3. Nf3 b6 *\n';
const MET = 'rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3';
const BAD = '[Event "Bad"]\n\n1. e4 e5 2. Qxz9 Nc6 *\n';

describe.each(testDatabaseKinds())('repertoire sources on %s', (kind) => {
  const env = useSiteServer(kind, { lichessToken: 'test-token' });
  let second: TestServer;

  beforeAll(async () => {
    second = await env.startServer();
  });

  /** PATCH and DELETE with the XSRF header the helper adds to POSTs. */
  const send = async (client: HttpClient, method: 'PATCH' | 'DELETE', path: string, body?: object) => {
    if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/health');
    const headers: Record<string, string> = { 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' };
    if (body) headers['content-type'] = 'application/json';
    return client.request(method, path, body && JSON.stringify(body), headers);
  };
  const add = (client: HttpClient, color: string, title: string, text: string, extra: object = {}) =>
    client.postJson('/api/repertoire/sources', { color, title, study_text: text, ...extra });
  const list = async (client: HttpClient, color = 'black') =>
    (await client.get(`/api/repertoire/sources?color=${color}`)).body.api_data as {
      id: number;
      name: string;
      enabled: boolean;
      positions: number;
      kind: string;
    }[];
  const studyText = async (userId: number, color: 'white' | 'black') =>
    (
      await env.database.db
        .select({ text: studies.studyText })
        .from(studies)
        .where(and(eq(studies.userId, userId), eq(studies.color, color)))
    )[0]?.text;

  test('two sources with a transposition read as one tree', async () => {
    const { client } = await signedInClient(env.server);
    expect((await add(client, 'black', 'Nimzo', NIMZO)).status).toBe(200);
    const english = await add(client, 'black', 'Course', ENGLISH);
    expect(english.body.api_data).toMatchObject({ name: 'Course', kind: 'file', enabled: true, positions: 7 });
    const met = (await client.get(`/api/repertoire/position?color=black&fen=${encodeURIComponent(MET)}`)).body.api_data;
    expect(met.moves.map((m: { san: string }) => m.san).sort()).toEqual(['Nc3', 'Nf3']);
    // Three black answers from each source.
    expect((await client.get('/api/drill/stats?color=black')).body.api_data.total).toBe(6);
    expect((await list(client)).map((s) => s.name)).toEqual(['Nimzo', 'Course']);
  });

  test('a conflict across sources names both sources and chapters', async () => {
    const { client } = await signedInClient(env.server);
    await add(client, 'black', 'Najdorf', '[ChapterName "Open"]\n\n1. e4 c5 *\n');
    await add(client, 'black', 'Classical', '[ChapterName "Open"]\n\n1. e4 e5 *\n');
    const form = new FormData();
    form.set('color', 'black');
    form.set('from_study', '1');
    const found = await client.postMultipart('/api/consistency_check', form);
    expect(found.status).toBe(200);
    const text = JSON.stringify(found.body.results_dict);
    expect(text).toContain('Najdorf: Open');
    expect(text).toContain('Classical: Open');
  });

  test('switching a source off retires its positions with their history; on again, they return with it', async () => {
    const { client, userId } = await signedInClient(env.server);
    await add(client, 'black', 'Nimzo', NIMZO);
    const course = (await add(client, 'black', 'Course', ENGLISH)).body.api_data;
    const items = (await client.get('/api/drill/next?color=black')).body.api_data as { id: number; line: string }[];
    const fromCourse = items.find((i) => i.line === '1. c4')!;
    expect((await client.postJson('/api/drill/answer', { id: fromCourse.id, uci: 'e7e6' })).body.api_data.correct).toBe(
      true,
    );
    const off = await send(client, 'PATCH', `/api/repertoire/sources/${course.id}`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.api_data.enabled).toBe(false);
    const row = async () =>
      (await env.database.db.select().from(drillItems).where(eq(drillItems.id, fromCourse.id)))[0];
    expect((await row()).retiredAt).not.toBeNull();
    expect((await client.get('/api/drill/stats?color=black')).body.api_data.total).toBe(3);
    expect(await studyText(userId, 'black')).toBe(NIMZO);
    await send(client, 'PATCH', `/api/repertoire/sources/${course.id}`, { enabled: true });
    expect((await row()).retiredAt).toBeNull();
    expect((await row()).reps).toBe(1);
    expect((await client.get('/api/drill/stats?color=black')).body.api_data.total).toBe(6);
  });

  test('a file with a word that is not a move is refused, naming game, move and word; nothing changes', async () => {
    const { client, userId } = await signedInClient(env.server);
    await client.postJson('/api/update-study', { color: 'black', study_text: NIMZO, title: 'Nimzo' });
    const before = await studyText(userId, 'black');
    const form = new FormData();
    form.set('color', 'black');
    form.set('name', 'bad');
    form.set('file', new Blob([BAD], { type: 'application/x-chess-pgn' }), 'bad.pgn');
    const refused = await client.postMultipart('/api/repertoire/sources', form);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The PGN could not be read: Game 1 "Bad": 2. Qxz9 is not a move');
    const replaced = await client.postJson('/api/update-study', { color: 'black', study_text: BAD, title: 'bad.pgn' });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error).toMatch(/Game 1 "Bad": 2\. Qxz9 is not a move/);
    expect(await studyText(userId, 'black')).toBe(before);
    expect((await list(client)).map((s) => [s.name, s.positions])).toEqual([['Nimzo', 7]]);
  });

  test('a refresh that would shrink a source below half asks first (409), then replaces it with confirm=1', async () => {
    const { client } = await signedInClient(env.server);
    // The short study's link, with a larger text: Lichess now sends 26 positions.
    const ruy = fixture('study_i5a1oOJH_ruy_lopez_2021.pgn');
    const link = 'https://lichess.org/study/LKbBDz6U';
    const added = await add(client, 'white', 'Short', ruy, { link });
    expect(added.body.api_data).toMatchObject({ kind: 'lichess', positions: 205 });
    const id = added.body.api_data.id;
    const asked = await client.postJson(`/api/repertoire/sources/${id}/refresh`, {});
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ before: 205, after: 26 });
    expect((await list(client, 'white'))[0].positions).toBe(205);
    const done = await client.postJson(`/api/repertoire/sources/${id}/refresh?confirm=1`, {});
    expect(done.status).toBe(200);
    expect(done.body.api_data.positions).toBe(26);
    // update-study asks the same of the first source.
    const shrink = await client.postJson('/api/update-study', { color: 'white', study_text: '1. e4 *', link });
    expect(shrink.status).toBe(409);
    expect(shrink.body).toMatchObject({ before: 26, after: 2 });
  });

  test('update-study replaces the first source only', async () => {
    const { client, userId } = await signedInClient(env.server);
    await add(client, 'black', 'Nimzo', NIMZO);
    await add(client, 'black', 'Course', ENGLISH);
    const sicilian = '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 *';
    expect(
      (await client.postJson('/api/update-study', { color: 'black', study_text: sicilian, title: 'Sic' })).status,
    ).toBe(200);
    expect((await list(client)).map((s) => s.name)).toEqual(['Sic', 'Course']);
    expect(await studyText(userId, 'black')).toContain('Course: English');
    const got = (await client.get('/api/get-studies')).body.api_data.black;
    expect(got.title).toBe('Sic');
  });

  test('two processes adding sources at once lose nothing; the 9th is refused', async () => {
    const { client, userId } = await signedInClient(env.server);
    const other = second.client();
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    const lines = ['1. e4 c5', '1. e4 e5', '1. d4 d5', '1. d4 Nf6', '1. c4 e5', '1. Nf3 d5', '1. g3 d5', '1. b3 e5'];
    const answers = await Promise.all(
      lines.map((line, i) => add(i % 2 ? other : client, 'black', `S${i}`, `${line} *`)),
    );
    expect(answers.map((a) => a.status)).toEqual(lines.map(() => 200));
    expect((await list(client)).map((s) => s.name).sort()).toEqual(lines.map((_, i) => `S${i}`));
    const text = (await studyText(userId, 'black'))!;
    for (const [i] of lines.entries()) expect(text).toContain(`[ChapterName "S${i}: Game 1"]`);
    const ninth = await add(client, 'black', 'S8', '1. f4 d5 *');
    expect(ninth.status).toBe(400);
    expect(ninth.body.error).toMatch(/already has 8 sources/);
  });

  test("another player's source behaves as a missing one", async () => {
    const { client } = await signedInClient(env.server);
    const mine = (await add(client, 'black', 'Nimzo', NIMZO)).body.api_data;
    const { client: stranger } = await signedInClient(env.server);
    expect((await send(stranger, 'PATCH', `/api/repertoire/sources/${mine.id}`, { name: 'x' })).status).toBe(404);
    expect((await send(stranger, 'DELETE', `/api/repertoire/sources/${mine.id}`)).status).toBe(404);
    expect((await stranger.postJson(`/api/repertoire/sources/${mine.id}/refresh`, {})).status).toBe(404);
    expect(await list(stranger)).toEqual([]);
    expect((await list(client))[0].name).toBe('Nimzo');
  });

  test('removing a source and renaming another rewrite the union', async () => {
    const { client, userId } = await signedInClient(env.server);
    const a = (await add(client, 'black', 'Nimzo', NIMZO)).body.api_data;
    const b = (await add(client, 'black', 'Course', ENGLISH)).body.api_data;
    const renamed = await send(client, 'PATCH', `/api/repertoire/sources/${b.id}`, { name: 'My English' });
    expect(renamed.body.api_data.name).toBe('My English');
    expect(await studyText(userId, 'black')).toContain('My English: English');
    expect((await send(client, 'DELETE', `/api/repertoire/sources/${a.id}`)).status).toBe(200);
    expect(await studyText(userId, 'black')).toBe(ENGLISH);
    const empty = await send(client, 'PATCH', `/api/repertoire/sources/${b.id}`, { name: '' });
    expect(empty.status).toBe(400);
  });
});
