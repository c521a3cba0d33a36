import { afterEach, describe, expect, test } from 'vitest';
import { wilson } from '../../../test/coverage-goal-reference.js';
import { readFixture } from '../../../test/fixtures.js';
import { Chess } from 'chessops/chess';
import { parseSan } from 'chessops/san';
import { key, reference, referenceRepertoire, type Color } from '../../../test/opponent-prep-reference.js';
import { HttpClient, startTestServer, signedInUser, testDatabaseKinds, type TestUser } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import type { PrepAnswer, Surprise, TheirLine } from '@contract/opponent-prep.js';
import { sql } from 'drizzle-orm';
import { splitPgn } from '../../chess/index.js';
import { rowsOf } from '../db/rows.js';

// The player's Black repertoire: two real recorded studies (the Dragon; the Ruy Lopez, read from Black's
// side) and a hand-made answer to 1. d4.
const DRAGON = readFixture('lichess/study_chapter_8c8bmUfy_current_format_2026.pgn');
const RUY_LOPEZ = readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn');
const BLACK_STUDY = `${DRAGON}\n\n${RUY_LOPEZ}\n\n[Event "Against d4"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n\n[Event "Others"]\n\n1. e4 e6 (1... g6 2. d4 Bg7) (1... d5 2. exd5 Qxd5 3. Nc3 Qa5) (1... d6 2. d4 Nf6 3. Nc3 g6) 2. d4 d5 3. Nc3 Nf6 *\n`;
const THIBAULT = readFixture('lichess/games_user_thibault_2025.pgn');
// Fabiano Caruana's recorded month, for the White repertoire: the Ruy Lopez study.
const CARUANA_JSON = JSON.parse(readFixture('chesscom/games_fabianocaruana_2020_05.json')) as {
  games: { pgn: string }[];
};

const EXPLORER_TOKEN = 'test-explorer-token';

const bySortKey = (a: unknown[], b: unknown[]) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);
const round = (v: unknown) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v);
const canon = (rows: unknown[][]) => rows.map((r) => r.map(round)).sort(bySortKey);
const surpriseRows = (list: Surprise[]) =>
  list.map((s) => [s.line, s.played_san, [...s.expected_san].sort(), s.count, s.score]);
const lineRows = (list: TheirLine[]) => list.map((l) => [l.line, l.plies, l.count, l.score]);

describe.each(testDatabaseKinds())('opponent preparation on %s', (kind) => {
  const env = useSiteServer(kind, { lichessToken: EXPLORER_TOKEN });
  afterEach(() => env.sites.reset());

  const setStudy = async (user: TestUser, color: Color, text: string) => {
    const saved = await user.client.postJson('/api/update-study', {
      color,
      exclude_move_indicators: '',
      link: null,
      study_text: text,
      title: `${color} study`,
    });
    expect(saved.status, saved.text).toBe(200);
  };

  const player = async () => {
    const user = await signedInUser(env.server.app, env.server.url);
    await setStudy(user, 'black', BLACK_STUDY);
    await setStudy(user, 'white', RUY_LOPEZ);
    return user;
  };

  const prepare = (user: TestUser, body: unknown) => user.client.postJson('/api/opponent-prep', body);

  const expectOrdered = (prep: PrepAnswer) => {
    const counts = prep.surprises.map((s) => s.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const lineCounts = prep.their_lines.map((l) => l.count);
    expect(lineCounts).toEqual([...lineCounts].sort((a, b) => b - a));
  };

  test("thibault's Lichess games against a Black repertoire equal the reference replay", async () => {
    const user = await player();
    const response = await prepare(user, { site: 'lichess', username: 'Thibault', color: 'black' });
    expect(response.status, response.text).toBe(200);
    const prep = response.body.api_data as PrepAnswer;
    const ref = reference([THIBAULT], 'thibault', 'black', BLACK_STUDY);
    expect(ref.games).toBeGreaterThan(20);
    expect(ref.surprises.length).toBeGreaterThan(3);
    expect(prep).toMatchObject({ games: ref.games, compared: ref.compared, username: 'thibault', color: 'black' });
    expect(canon(surpriseRows(prep.surprises))).toEqual(canon(ref.surprises));
    expect(canon(lineRows(prep.their_lines))).toEqual(canon(ref.lines));
    expectOrdered(prep);
    for (const s of prep.surprises) {
      expect(s.games).toHaveLength(s.count);
      expect(s.color).toBe('black');
      expect(s.games.every((g) => g.link?.startsWith('https://lichess.org/'))).toBe(true);
    }
    // The export asked for the last 200 games.
    expect(env.sites.requestLog('lichess-games').at(-1)!.url).toContain('max=200');
  });

  test("Caruana's Chess.com games (three months of archives) against a White repertoire equal the reference", async () => {
    const user = await player();
    const response = await prepare(user, { site: 'chesscom', username: 'fabianocaruana', color: 'white' });
    expect(response.status, response.text).toBe(200);
    const prep = response.body.api_data as PrepAnswer;
    // The fake serves the recorded month as the current one; the two months before are empty.
    expect(env.sites.requests('chesscom-games')).toBe(3);
    const ref = reference(
      CARUANA_JSON.games.map((g) => g.pgn),
      'fabianocaruana',
      'white',
      RUY_LOPEZ,
    );
    expect(ref.games).toBeGreaterThan(5);
    expect(ref.lines.length).toBeGreaterThan(0);
    expect(prep).toMatchObject({ games: ref.games, compared: ref.compared, username: 'FabianoCaruana' });
    expect(canon(surpriseRows(prep.surprises))).toEqual(canon(ref.surprises));
    expect(canon(lineRows(prep.their_lines))).toEqual(canon(ref.lines));
    expectOrdered(prep);
  });

  test('a preparation taken over from a dead process compares the games it had fetched, asking the site nothing', async () => {
    const user = await player();
    const input = { site: 'lichess', username: 'thibault', color: 'black' };
    // As a process that had fetched the games, saved them with the run, and died half a minute ago.
    await env.database.db.execute(sql`
      insert into player_tasks (user_id, kind, run, attempt, input, saved, status, updated_at, jobs_schema)
      values (${user.id}, 'prep', 'orphan', 'dead-process', ${JSON.stringify(input)}::jsonb,
        ${JSON.stringify({ pgns: splitPgn(THIBAULT) })}::jsonb, 'running', now() - interval '30 seconds',
        ${env.server.app.jobs.schema})`);
    type Row = { status: string; outcome: { ok: boolean; id?: number } | null; saved: unknown };
    const query = sql`select status, outcome, saved from player_tasks where user_id = ${user.id} and kind = 'prep'`;
    let ended: Row | undefined;
    for (const until = Date.now() + 40_000; ended?.status !== 'ended' && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 200));
      [ended] = rowsOf<Row>(await env.database.db.execute(query));
    }
    expect(ended).toMatchObject({ status: 'ended', outcome: { ok: true }, saved: null });
    expect(env.sites.requestLog('lichess-games')).toEqual([]);
    const kept = (await user.client.get(`/api/opponent-prep/${ended!.outcome!.id}`)).body.api_data as PrepAnswer;
    const ref = reference([THIBAULT], 'thibault', 'black', BLACK_STUDY);
    expect(kept).toMatchObject({ games: ref.games, compared: ref.compared, color: 'black' });
    expect(canon(surpriseRows(kept.surprises))).toEqual(canon(ref.surprises));
  }, 60_000);

  test('the last preparation per opponent and colour is kept, listed and reopened; others are not reachable', async () => {
    const user = await player();
    const first = await prepare(user, { site: 'lichess', username: 'thibault', color: 'black' });
    const again = await prepare(user, { site: 'lichess', username: 'THIBAULT', color: 'black' });
    const white = await prepare(user, { site: 'lichess', username: 'thibault', color: 'white' });
    expect(again.body.api_data.id).toBe(first.body.api_data.id);
    expect(white.body.api_data.id).not.toBe(first.body.api_data.id);
    const recent = await user.client.get('/api/opponent-prep/recent');
    expect(recent.status).toBe(200);
    expect(recent.body.api_data.map((p: PrepAnswer) => [p.id, p.color])).toEqual([
      [white.body.api_data.id, 'white'],
      [first.body.api_data.id, 'black'],
    ]);
    const reopened = await user.client.get(`/api/opponent-prep/${first.body.api_data.id}`);
    expect(reopened.status).toBe(200);
    expect(reopened.body.api_data).toEqual(again.body.api_data);

    const other = await player();
    expect((await other.client.get(`/api/opponent-prep/${first.body.api_data.id}`)).status).toBe(404);
    expect((await other.client.get('/api/opponent-prep/recent')).body.api_data).toEqual([]);
  });

  test('an unknown name is 404 worded as the game picker words it, on both sites, and nothing is kept', async () => {
    const user = await player();
    // Lichess answers the export of a missing account with 404.
    env.sites.setMode('lichess-games', 'notfound404', { once: true });
    const missing = await prepare(user, { site: 'lichess', username: 'no_such_player', color: 'black' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Lichess has no player named no_such_player' });
    // An export without this name's games: Lichess's user lookup (404 for 'no_such' names) tells an
    // unknown player from one without games.
    const unknown = await prepare(user, { site: 'lichess', username: 'no_such_player_x', color: 'black' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Lichess has no player named no_such_player_x' });
    const stranger = await prepare(user, { site: 'lichess', username: 'someone_else', color: 'black' });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ error: 'No games found for someone_else on Lichess' });
    env.sites.setMode('chesscom-games', 'notfound404');
    const chesscom = await prepare(user, { site: 'chesscom', username: 'nobody_here', color: 'white' });
    expect(chesscom.status).toBe(404);
    expect(chesscom.body).toEqual({ error: 'Chess.com has no player named nobody_here' });
    expect((await user.client.get('/api/opponent-prep/recent')).body.api_data).toEqual([]);
  });

  test('a failing site gives a clear message, never a crash, and the server goes on', async () => {
    const user = await player();
    env.sites.setMode('lichess-games', 'error500');
    const failed = await prepare(user, { site: 'lichess', username: 'thibault', color: 'black' });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/^Lichess failed to send thibault's games \(HTTP 500\)/);
    env.sites.setMode('lichess-games', 'garbage');
    const garbage = await prepare(user, { site: 'lichess', username: 'thibault', color: 'black' });
    expect(garbage.status).toBe(502);
    expect(garbage.body.error).toMatch(/^Lichess sent thibault's games in a form that could not be read/);
    env.sites.setMode('chesscom-games', 'down');
    const down = await prepare(user, { site: 'chesscom', username: 'fabianocaruana', color: 'white' });
    expect(down.status).toBe(502);
    expect(down.body.error).toMatch(/^Chess.com (could not be reached|did not answer in time)/);
    env.sites.reset();
    expect((await prepare(user, { site: 'lichess', username: 'thibault', color: 'black' })).status).toBe(200);
  });

  test("one preparation at a time per player, a few per process; another player's goes on meanwhile", async () => {
    const [first, second] = [await player(), await player()];
    env.sites.setMode('lichess-games', 'slow', { delayMs: 300 });
    const running = prepare(first, { site: 'lichess', username: 'thibault', color: 'black' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await prepare(first, { site: 'lichess', username: 'thibault', color: 'black' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Your last preparation is still running: wait for it first');
    const other = await prepare(second, { site: 'lichess', username: 'thibault', color: 'black' });
    expect(other.status, other.text).toBe(200);
    expect((await running).status).toBe(200);
    // Over: the player may prepare again.
    expect((await prepare(first, { site: 'lichess', username: 'thibault', color: 'black' })).status).toBe(200);

    const small = await startTestServer(env.database, { ...env.server.config, prepConcurrency: 1 });
    try {
      const [a, b] = [await signedInUser(small.app, small.url), await signedInUser(small.app, small.url)];
      const body = { site: 'lichess', username: 'thibault', color: 'black' };
      for (const user of [a, b]) await setStudy(user, 'black', BLACK_STUDY);
      const started = a.client.postJson('/api/opponent-prep', body);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const busy = await b.client.postJson('/api/opponent-prep/stream', body);
      expect(busy.status).toBe(503);
      expect(busy.body.error).toMatch(/preparing against other players right now: try again in a minute/);
      expect((await started).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  test("six preparations of one player at once: one runs, five are 409, and they take no other player's place", async () => {
    const small = await startTestServer(env.database, { ...env.server.config, prepConcurrency: 2 });
    try {
      const [a, b] = [await signedInUser(small.app, small.url), await signedInUser(small.app, small.url)];
      const body = { site: 'lichess', username: 'thibault', color: 'black' };
      for (const user of [a, b]) await setStudy(user, 'black', BLACK_STUDY);
      env.sites.setMode('lichess-games', 'slow', { delayMs: 300 });
      const flood = Array.from({ length: 6 }, () => a.client.postJson('/api/opponent-prep', body));
      const other = b.client.postJson('/api/opponent-prep', body);
      const statuses = (await Promise.all(flood)).map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const answer = await other;
      expect(answer.status, answer.text).toBe(200);
    } finally {
      env.sites.reset();
      await small.close();
    }
  });

  test('bad input is 400 and nothing is fetched; no study for the colour is 400', async () => {
    const user = await player();
    for (const body of [
      { site: 'lichess', username: '', color: 'black' },
      { site: 'fics', username: 'thibault', color: 'black' },
      { site: 'lichess', username: 'thibault', color: 'red' },
      { site: 'lichess', username: 'thi bault', color: 'black' },
    ]) {
      const response = await prepare(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    const bare = await signedInUser(env.server.app, env.server.url);
    const noStudy = await prepare(bare, { site: 'lichess', username: 'thibault', color: 'white' });
    expect(noStudy.status).toBe(400);
    expect(noStudy.body.error).toBe('You have no white study: set one on Manage Openings first');
    expect(env.sites.requests('lichess-games')).toBe(0);
    const anonymous = new HttpClient(env.server.url);
    const refused = await anonymous.postJson('/api/opponent-prep', {
      site: 'lichess',
      username: 'thibault',
      color: 'black',
    });
    expect(refused.status).toBe(401);
  });

  test('"Drill these lines": the drill items are exactly the player\'s positions along their lines, due or not', async () => {
    const user = await player();
    const prep = (await prepare(user, { site: 'lichess', username: 'thibault', color: 'black' })).body
      .api_data as PrepAnswer;
    const lines = prep.their_lines.map((l) => l.line);
    const response = await user.client.postJson('/api/drill/lines', { color: 'black', lines });
    expect(response.status, response.text).toBe(200);
    const items = response.body.api_data as { id: number; fen: string; color: string; state: number }[];

    // Reference: replay each line; keep the positions with Black to move that the repertoire answers.
    const rep = referenceRepertoire(BLACK_STUDY);
    const expected = new Set<string>();
    for (const line of lines) {
      const pos = Chess.default();
      for (const san of line
        .split(' ')
        .filter((t) => !/^\d+\.$/.test(t))
        .concat([''])) {
        if (pos.turn === 'black' && (rep.get(key(pos))?.size ?? 0) > 0) expected.add(key(pos));
        if (san) pos.play(parseSan(pos, san)!);
      }
    }
    expect(expected.size).toBeGreaterThan(3);
    expect(new Set(items.map((i) => i.fen.split(' ').slice(0, 4).join(' ')))).toEqual(expected);
    expect(items).toHaveLength(expected.size);
    expect(items.every((i) => i.color === 'black')).toBe(true);
    // Nothing was due yet: the session serves them all the same, and answers are graded as usual.
    const answered = await user.client.postJson('/api/drill/answer', { id: items[0].id, uci: 'a7a6' });
    expect(answered.status, answered.text).toBe(200);

    expect((await user.client.postJson('/api/drill/lines', { color: 'black', lines: [] })).status).toBe(400);
    const bare = await signedInUser(env.server.app, env.server.url);
    expect((await bare.client.postJson('/api/drill/lines', { color: 'white', lines: ['1. e4'] })).status).toBe(400);
  });

  test.each([
    ['an illegal move', '1. e4 e5 2. Ke3'],
    ['a variation', '1. e4 (1. d4) 1... e5'],
    ['two games', '1. e4 * 1. d4 *'],
    ['a set-up position', '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e3 *'],
    ['no moves', '*'],
  ])('drill/lines refuses a line with %s with the message repertoire/edit gives', async (_what, bad) => {
    const user = await player();
    const edit = await user.client.postJson('/api/repertoire/edit', { color: 'black', line: bad, op: 'add' });
    expect(edit.status, edit.text).toBe(400);
    const lines = await user.client.postJson('/api/drill/lines', { color: 'black', lines: ['1. e4 c5', bad] });
    expect(lines.status, lines.text).toBe(400);
    expect(lines.body.error).toBe(edit.body.error);
  });

  test("a surprise's suggested answer is the explorer's best-scoring reply for the player", async () => {
    const user = await player();
    // After 1. e4 e5 2. f4, Black to move.
    const fen = 'rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq - 0 2';
    const response = await user.client.get(`/api/opponent-prep/answer?color=black&fen=${encodeURIComponent(fen)}`);
    expect(response.status, response.text).toBe(200);
    // Reference: the explorer's answer read here, the highest lower bound of the 95% Wilson interval of
    // Black's score among moves with at least 10 games and 2% of the position's games, ties to the more
    // played, then SAN.
    const url = `${env.sites.explorerUrl}/lichess?${new URLSearchParams({ fen, speeds: 'blitz,rapid,classical', ratings: '1800,2000,2200,2500' })}`;
    const explorer = (await (await fetch(url, { headers: { Authorization: `Bearer ${EXPLORER_TOKEN}` } })).json()) as {
      white: number;
      draws: number;
      black: number;
      moves: { san: string; white: number; draws: number; black: number }[];
    };
    const total = Math.max(
      explorer.white + explorer.draws + explorer.black,
      explorer.moves.reduce((n, m) => n + m.white + m.draws + m.black, 0),
    );
    const ranked = explorer.moves
      .map((m) => ({
        san: m.san,
        games: m.white + m.draws + m.black,
        low: wilson((m.black + m.draws / 2) / (m.white + m.draws + m.black), m.white + m.draws + m.black),
      }))
      .filter((m) => m.games >= Math.max(10, Math.ceil(total * 0.02)))
      .sort((a, b) => b.low - a.low || b.games - a.games || (a.san < b.san ? -1 : a.san > b.san ? 1 : 0));
    expect(ranked.length).toBeGreaterThan(0);
    expect(response.body.api_data).toMatchObject({ san: ranked[0].san, games: ranked[0].games });

    const bad = await user.client.get('/api/opponent-prep/answer?color=black&fen=not-a-fen');
    expect(bad.status).toBe(400);
    env.sites.setMode('explorer', 'error500');
    const failing = await user.client.get(
      `/api/opponent-prep/answer?color=white&fen=${encodeURIComponent('rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1')}`,
    );
    expect(failing.status).toBe(200);
    expect(failing.body.api_data).toBeNull();
  });

  test('the stream tells progress by stage, then the same answer', async () => {
    const user = await player();
    const response = await user.client.postJson('/api/opponent-prep/stream', {
      site: 'chesscom',
      username: 'fabianocaruana',
      color: 'white',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = response.text
      .trim()
      .split('\n\n')
      .map((block) => {
        const [event, data] = block.split('\n');
        return { event: event.slice('event: '.length), data: JSON.parse(data.slice('data: '.length)) };
      });
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
    expect(progress.filter((p) => p.stage === 'fetching').map((p) => p.done)).toEqual([0, 1, 2, 3]);
    expect(progress.at(-1)).toMatchObject({ stage: 'comparing' });
    expect(progress.at(-1).done).toBe(progress.at(-1).total);
    const last = events.at(-1)!;
    expect(last.event).toBe('result');
    const plain = await prepare(user, { site: 'chesscom', username: 'fabianocaruana', color: 'white' });
    expect({ ...last.data.api_data, created_at: null }).toEqual({ ...plain.body.api_data, created_at: null });

    env.sites.setMode('chesscom-games', 'notfound404');
    const failed = await user.client.postJson('/api/opponent-prep/stream', {
      site: 'chesscom',
      username: 'nobody_here',
      color: 'white',
    });
    expect(failed.text).toContain('event: failure');
    expect(failed.text).toContain('Chess.com has no player named nobody_here');
  });
});
