import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { HttpClient, signedInClient, startTestServer, testDatabaseKinds } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { repertoireShape } from '../../../test/repertoire-shape.js';
import { generateStudy } from '../../../bench/generated-study.js';
import { additionsPgn, buildRepertoireFromPgn, editedRepertoirePgn, parseGames } from '../../chess/index.js';
import { studies } from '../db/schema.js';
import { saveConnection } from '../lichess/lichess-connections.js';
import { editedRepertoire, md5 } from '../repertoire/edited-repertoire.js';

const STUDY_ID = 'i5a1oOJH';
const ADDITIONS = 'Chess Prep additions (White)';

describe.each(testDatabaseKinds())('edited repertoire PGN and Save to Lichess on %s', (kind) => {
  const env = useSiteServer(kind);

  const studyText = async (client: HttpClient) =>
    (await client.get(`/api/lichess/study/${STUDY_ID}`)).body.api_data.pgn;
  const store = (client: HttpClient, text: string, link: string | null = `https://lichess.org/study/${STUDY_ID}`) =>
    client.postJson('/api/update-study', { color: 'white', study_text: text, title: 'The Ruy Lopez', link });
  const edit = (client: HttpClient, line: string, op = 'add') =>
    client.postJson('/api/repertoire/edit', { color: 'white', line, op });
  const push = (client: HttpClient) => client.postJson('/api/repertoire/push', { color: 'white' });
  const edits = async (client: HttpClient) => (await client.get('/api/repertoire/edits?color=white')).body.api_data;

  /** A player with the Ruy Lopez study, connected to Lichess with a token of these scopes. */
  const player = async (scopes = ['study:read', 'study:write']) => {
    const signed = await signedInClient(env.server, { prefix: 'push' });
    const token = env.sites.oauth.issueToken(scopes);
    await saveConnection(env.database.db, env.server.config.sessionSecret, signed.userId, 'Chess700800', token);
    expect((await store(signed.client, await studyText(signed.client))).status).toBe(200);
    return signed;
  };

  test('the PGN holds the chapters with removals cut and the additions; uploaded, it is the same repertoire', async () => {
    const { client, userId } = await player();
    expect((await edit(client, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Nxe4', 'remove')).status).toBe(200);
    expect((await edit(client, '1. e4 c5 2. Nc3 Nc6 3. g3')).status).toBe(200);
    expect((await edit(client, '1. e4 e5 2. Nf3 Nc6 3. Bb5 Nd4 4. Nxd4')).status).toBe(200);
    const response = await client.get('/api/repertoire/pgn?color=white');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-chess-pgn/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="The-Ruy-Lopez-white.pgn"');
    const pgn = response.text;
    const names = parseGames(pgn)
      .unwrap()
      .map((g) => g.name);
    expect(names.at(-1)).toBe(ADDITIONS);
    expect(names.filter((n) => n === ADDITIONS)).toHaveLength(1);
    expect(pgn).not.toContain('Nxe4 { The Open Ruy Lopez }');
    expect(pgn).not.toContain('5. O-O Nxe4 6. d4');
    expect(pgn).toMatch(/\{ The\s+Closed\s+Ruy\s+Lopez \}/);

    // Another player uploads the file as their study: the same positions and moves.
    const other = await signedInClient(env.server, { prefix: 'upload' });
    expect((await store(other.client, pgn, null)).status).toBe(200);
    const mine = await editedRepertoire(env.server.app, userId, 'white');
    const theirs = await editedRepertoire(env.server.app, other.userId, 'white');
    expect(repertoireShape(theirs!)).toEqual(repertoireShape(mine!));
    expect(repertoireShape(buildRepertoireFromPgn(pgn, { color: 'white' }).unwrap())).toEqual(repertoireShape(mine!));
  });

  test('the PGN is written once per edited repertoire: downloaded again, or after an undo back to it, it is the kept text', async () => {
    const { client, userId } = await player();
    expect((await edit(client, '1. e4 c5 2. Nc3 Nc6 3. g3')).status).toBe(200);
    const first = await client.get('/api/repertoire/pgn?color=white');
    const { repertoireMemory } = env.server.app;
    const held = () => repertoireMemory.editedStates.get(`${userId}:white`)!.edited;
    const kept = repertoireMemory.pgnTexts.get(held());
    expect(kept?.pgn.text.toString('utf8')).toBe(first.text);
    expect((await client.get('/api/repertoire/pgn?color=white')).text).toBe(first.text);
    // Kept as bytes and as brotli: a client that takes brotli gets it, any other the bytes, the same text.
    for (const [accepts, encoding] of [
      ['br', 'br'],
      ['gzip, br;q=0', null],
      ['identity', null],
    ]) {
      const again = await client.request('GET', '/api/repertoire/pgn?color=white', undefined, {
        'accept-encoding': accepts!,
      });
      expect([again.headers.get('content-encoding'), again.text]).toEqual([encoding, first.text]);
    }
    expect(repertoireMemory.pgnTexts.get(held())).toBe(kept);
    expect((await edit(client, '1. e4 c5 2. Nc3 Nc6 3. g3 g6')).status).toBe(200);
    const second = await client.get('/api/repertoire/pgn?color=white');
    expect(second.text).not.toBe(first.text);
    expect((await client.postJson('/api/repertoire/undo', { color: 'white' })).status).toBe(200);
    expect(repertoireMemory.pgnTexts.get(held())).toBe(kept);
    expect((await client.get('/api/repertoire/pgn?color=white')).text).toBe(first.text);
  });

  test('the PGN is written from the text the held repertoire was built from; a text stored elsewhere is read again', async () => {
    const { client, userId } = await player();
    expect((await edit(client, '1. e4 c5 2. Nc3')).status).toBe(200);
    const before = (await client.get('/api/repertoire/pgn?color=white')).text;
    expect(before).toContain('[Event "The Ruy Lopez: Chess Prep additions (White)"]');
    // Another process stores a new text (its md5 with it): the next download is of that text.
    const text = '[Event "Other"]\n\n1. d4 d5 2. c4 *\n';
    await env.database.db
      .update(studies)
      .set({ studyText: text, textMd5: md5(text) })
      .where(and(eq(studies.userId, userId), eq(studies.color, 'white')));
    const after = (await client.get('/api/repertoire/pgn?color=white')).text;
    expect(after).toContain('1. d4 d5 2. c4 *');
    expect(after).toContain('1. e4 c5 2. Nc3 *');
    expect(after).not.toContain('Bb5');
    expect(env.server.app.repertoireMemory.editedStates.get(`${userId}:white`)!.text).toBe(text);
  });

  test('a large edited repertoire is written in steps: the text written at once, for the file and for Lichess', async () => {
    const { client, userId } = await player();
    const text = generateStudy(60);
    expect((await store(client, text)).status).toBe(200);
    const first = parseGames(text).unwrap()[0].moves.children[0];
    expect((await edit(client, `1. ${first.data.san} ${first.children[0].data.san}`, 'remove')).status).toBe(200);
    expect((await edit(client, '1. h3 a6 2. a3 h6 3. b3')).status).toBe(200);
    const response = await client.get('/api/repertoire/pgn?color=white');
    expect(response.status).toBe(200);
    const state = env.server.app.repertoireMemory.editedStates.get(`${userId}:white`)!;
    expect(state.edited.rep.positions.size).toBeGreaterThan(5_000);
    expect(response.text).toBe(editedRepertoirePgn(state.base, state.edited, text));

    expect((await push(client)).status).toBe(200);
    const [chapter] = env.sites.studyWrites.chapters(STUDY_ID);
    // Lichess adds tags of its own: the moves are those written here.
    const moves = (pgn: string) => pgn.slice(pgn.indexOf('\n\n')).trim();
    expect(moves(chapter.pgn)).toBe(moves(additionsPgn(state.base, state.edited, text)));
    env.sites.studyWrites.reset();
  });

  test('Save to Lichess imports the additions chapter, then replaces it; the refreshed study holds it', async () => {
    const { client, userId } = await player();
    await edit(client, '1. e4 c5 2. Nc3');
    await edit(client, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Nxe4', 'remove');
    const first = await push(client);
    expect(first.status).toBe(200);
    expect(first.body.api_data).toEqual({ pushed: true, chapter_id: expect.stringMatching(/^[A-Za-z0-9]{8}$/) });
    const written = env.sites.studyWrites.chapters(STUDY_ID);
    expect(written.map((c) => [c.id, c.name, c.orientation])).toEqual([
      [first.body.api_data.chapter_id, ADDITIONS, 'white'],
    ]);
    expect(written[0].pgn).toContain('1. e4 c5 2. Nc3 *');
    // Additions are on Lichess; the removal stays here.
    expect((await edits(client)).map((e: { op: string; pushed: boolean }) => [e.op, e.pushed])).toEqual([
      ['add', true],
      ['remove', false],
    ]);

    // Refreshing the study from Lichess brings the chapter in; the repertoire stays the same.
    const before = repertoireShape((await editedRepertoire(env.server.app, userId, 'white'))!);
    const refreshed = await studyText(client);
    expect(refreshed).toContain(`[ChapterName "${ADDITIONS}"]`);
    await store(client, refreshed);
    expect(repertoireShape((await editedRepertoire(env.server.app, userId, 'white'))!)).toEqual(before);

    await edit(client, '1. e4 c5 2. Nc3 Nc6 3. g3');
    const again = await push(client);
    expect(again.status).toBe(200);
    const now = env.sites.studyWrites.chapters(STUDY_ID);
    expect(now.map((c) => c.id)).toEqual([again.body.api_data.chapter_id]);
    expect(again.body.api_data.chapter_id).not.toBe(first.body.api_data.chapter_id);
    expect(now[0].pgn).toContain('1. e4 c5 2. Nc3 Nc6 3. g3 *');
    const log = env.sites.requestLog('lichess-study-write').slice(-2);
    expect(log.map((r) => r.url)).toEqual([
      `/api/study/${STUDY_ID}/import-pgn`,
      `/api/study/${STUDY_ID}/${first.body.api_data.chapter_id}`,
    ]);
    env.sites.studyWrites.reset();
  });

  test('a note written in the workshop goes to Lichess with the additions chapter and comes back on refresh', async () => {
    const { client } = await player();
    const note = await client.postJson('/api/repertoire/edit', {
      color: 'white',
      line: '1. e4 e5 2. Nf3 Nc6 3. Bb5',
      op: 'comment',
      comment: 'Pins the defender of e5',
    });
    expect(note.status, note.text).toBe(200);
    const pushed = await push(client);
    expect(pushed.body.api_data.pushed).toBe(true);
    const [chapter] = env.sites.studyWrites.chapters(STUDY_ID);
    expect(chapter.pgn).toMatch(/Bb5 \{ Pins the defender of e5 \}/);

    // Refreshed from Lichess, the study carries the note: a new player reading it sees it on the move.
    const other = await signedInClient(env.server, { prefix: 'refresh' });
    expect((await store(other.client, await studyText(client), null)).status).toBe(200);
    const afterNc6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const moves = (await other.client.get(`/api/repertoire/position?color=white&fen=${encodeURIComponent(afterNc6)}`))
      .body.api_data.moves as { san: string; comment: string }[];
    expect(moves.find((m) => m.san === 'Bb5')?.comment).toContain('Pins the defender of e5');
    env.sites.studyWrites.reset();
  });

  test('a token without study:write is asked to reconnect; a failing Lichess keeps the edits unpushed', async () => {
    const readOnly = await player(['study:read']);
    await edit(readOnly.client, '1. e4 c5 2. Nc3');
    const refused = await push(readOnly.client);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'Reconnect Lichess to allow writing to your studies' });
    expect((await edits(readOnly.client))[0].pushed).toBe(false);

    const { client } = await player();
    await edit(client, '1. e4 c5 2. Nc3');
    env.sites.setMode('lichess-study-write', 'error500', { once: true });
    const failed = await push(client);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/^Lichess did not save the chapter .*your edits are kept here/);
    expect((await edits(client)).map((e: { pushed: boolean }) => e.pushed)).toEqual([false]);
    expect(env.sites.studyWrites.chapters(STUDY_ID)).toEqual([]);
    // Retrying once Lichess answers again works.
    expect((await push(client)).body.api_data.pushed).toBe(true);
    expect((await edits(client)).map((e: { pushed: boolean }) => e.pushed)).toEqual([true]);
    env.sites.studyWrites.reset();
  });

  test('a study from a file, or a player not connected to Lichess, cannot be pushed (409); no study is a 400', async () => {
    const signed = await signedInClient(env.server, { prefix: 'file' });
    expect((await push(signed.client)).status).toBe(400);
    expect((await signed.client.get('/api/repertoire/pgn?color=white')).status).toBe(400);
    await store(signed.client, '1. e4 e5 *', null);
    await edit(signed.client, '1. e4 c5');
    const file = await push(signed.client);
    expect(file.status).toBe(409);
    expect(file.body.error).toMatch(/came from a file/);
    // The PGN is the way to keep them.
    expect((await signed.client.get('/api/repertoire/pgn?color=white')).text).toContain('1. e4 c5 *');
    const unconnected = await signedInClient(env.server, { prefix: 'noconn' });
    await store(unconnected.client, '1. e4 e5 *');
    await edit(unconnected.client, '1. e4 c5');
    const none = await push(unconnected.client);
    expect(none.status).toBe(409);
    expect(none.body.error).toMatch(/Connect Lichess/);
  });

  test('a study link on another host is refused, and a stored one never decides which Lichess study is written', async () => {
    const { client, userId } = await player();
    const text = await studyText(client);
    const elsewhere = `https://evil.example/study/${STUDY_ID}`;
    const refused = await store(client, text, elsewhere);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.error).toMatch(/Lichess study link/);
    expect((await client.get('/api/get-studies')).body.api_data.white.link).toBe(
      `https://lichess.org/study/${STUDY_ID}`,
    );

    // A link stored before the check (or imported) is read as no Lichess study at all.
    await env.database.db.update(studies).set({ link: elsewhere }).where(eq(studies.userId, userId));
    await edit(client, '1. e4 c5 2. Nc3');
    const writes = env.sites.requests('lichess-study-write');
    const push409 = await push(client);
    expect(push409.status, push409.text).toBe(409);
    expect(push409.body.error).toMatch(/not a Lichess study/);
    expect(env.sites.requests('lichess-study-write')).toBe(writes);
    expect(env.sites.studyWrites.chapters(STUDY_ID)).toEqual([]);
  });

  test('one push at a time per player and colour, and every older additions chapter is removed', async () => {
    env.sites.studyWrites.reset();
    const { client } = await player();
    await edit(client, '1. e4 c5 2. Nc3');
    const three = await Promise.all([push(client), push(client), push(client)]);
    const statuses = three.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const r of three.filter((r) => r.status === 409)) expect(r.body.error).toMatch(/already/);
    const additions = () => env.sites.studyWrites.chapters(STUDY_ID).filter((c) => c.name === ADDITIONS);
    expect(additions()).toHaveLength(1);

    // A push cut after Lichess stored its chapter: the chapter is there, the app never recorded it.
    const token = env.sites.oauth.issueToken(['study:read', 'study:write']);
    const cut = await fetch(`${env.sites.lichessUrl}/api/study/${STUDY_ID}/import-pgn`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: new URLSearchParams({ name: ADDITIONS, pgn: '1. e4 c5 2. Nc3 *', orientation: 'white' }),
    });
    expect(cut.status).toBe(200);
    expect(additions()).toHaveLength(2);
    await edit(client, '1. e4 c5 2. Nc3 Nc6 3. g3');
    const retried = await push(client);
    expect(retried.status, retried.text).toBe(200);
    expect(additions().map((c) => c.id)).toEqual([retried.body.api_data.chapter_id]);
    env.sites.studyWrites.reset();
  });

  test('one push at a time across processes on the database; a lease left by a dead process runs out', async () => {
    env.sites.studyWrites.reset();
    const { client, userId } = await player();
    await edit(client, '1. e4 c5 2. Nc3');
    const other = await startTestServer(env.database, env.server.config);
    try {
      const there = new HttpClient(other.url);
      for (const [name, value] of client.cookies) there.cookies.set(name, value);
      env.sites.setMode('lichess-study-write', 'slow', { delayMs: 400 });
      const both = await Promise.all([push(client), push(there)]);
      env.sites.setMode('lichess-study-write', 'ok');
      expect(both.map((r) => r.status).sort(), both.map((r) => r.text).join(' ')).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.error).toMatch(/already/);
      expect(env.sites.studyWrites.chapters(STUDY_ID).filter((c) => c.name === ADDITIONS)).toHaveLength(1);
      // Over: either process pushes again.
      expect((await push(there)).status).toBe(200);

      const ofStudy = and(eq(studies.userId, userId), eq(studies.color, 'white'));
      await env.database.db
        .update(studies)
        .set({ pushingUntil: sql`now() + interval '1 minute'` })
        .where(ofStudy);
      expect((await push(client)).status).toBe(409);
      await env.database.db
        .update(studies)
        .set({ pushingUntil: sql`now() - interval '1 second'` })
        .where(ofStudy);
      expect((await push(client)).status).toBe(200);
    } finally {
      await other.close();
      env.sites.reset();
      env.sites.studyWrites.reset();
    }
  });
});
