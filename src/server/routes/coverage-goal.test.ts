import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  type Json,
} from '../../../test/helper.js';
import { buildRepertoireFromPgn, holePositionKey, positionKey } from '../../chess/index.js';
import type { Database } from '../db/client.js';
import { drillItems, positionStats } from '../db/schema.js';
import { storeStats, type StatsMove } from '../openings/position-stats-repository.js';
import {
  counts,
  explorerAnswers,
  keyOf,
  RATINGS,
  record,
  reference,
  SPEEDS,
  STUDY,
  studyTree,
  whiteScore,
  wilson,
} from '../../../test/coverage-goal-reference.js';

// Expected score, trim and traps against an independent computation over the same stored answers
// (test/coverage-goal-reference.ts).

/** The position after a hole's line ("1. a4 e6 2. f3 Qe7"). */
const positionAfter = (line: string): Chess => {
  const pos = Chess.default();
  for (const token of line.split(/\s+/).filter((t) => !/^\d+\.+$/.test(t)))
    pos.play(parseSan(pos, token.replace(/^\d+\.+/, ''))!);
  return pos;
};

/** Answers a hole in the workshop: its line and a legal reply, added as an edit. */
async function answerHole(client: HttpClient, hole: Json): Promise<void> {
  const pos = positionAfter(hole.line as string);
  const [from, dests] = [...pos.allDests()].find(([, d]) => d.nonEmpty())!;
  const reply = makeSan(pos, { from, to: dests.first()! });
  const added = await client.postJson('/api/repertoire/edit', {
    color: 'white',
    op: 'add',
    line: `${hole.line} ${pos.fullmoves}. ${reply}`,
  });
  expect(added.status).toBe(200);
}

describe.each(testDatabaseKinds())('coverage goal, expected score, trim and traps on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  const root = studyTree();
  const answers = explorerAnswers(root);
  const stats = new Map(answers.map((r) => [r.fen, r]));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db
      .delete(positionStats)
      .where(and(eq(positionStats.speeds, SPEEDS), eq(positionStats.ratings, RATINGS)));
    await storeStats(database.db, answers);
    // A token, so the check may start; every position it needs is cached and fresh, so it calls nothing.
    server = await startTestServer(database, { lichessToken: 'token' });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const withCheckedStudy = async () => {
    const signed = await signedInClient(server, { prefix: 'goal' });
    const { client } = signed;
    expect(
      (await client.postJson('/api/update-study', { color: 'white', study_text: STUDY, title: 'Prep' })).status,
    ).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries({ color: 'white', from_study: '1', speeds: SPEEDS, ratings: RATINGS }))
      form.append(k, v);
    const check = await client.postMultipart('/api/coverage_check', form);
    expect(check.text).toContain('event: result');
    expect((await latest(client)).status).toBe('done');
    return signed;
  };
  const latest = async (client: HttpClient) => (await client.get('/api/coverage/latest?color=white')).body.api_data;
  const get = async (client: HttpClient, path: string) => {
    const answer = await client.get(path);
    expect(answer.status).toBe(200);
    return answer.body.api_data;
  };

  test('every call needs a session; bad input is a 400 with nothing stored', async () => {
    const anonymous = server.client();
    for (const path of ['goal', 'expected', 'trim', 'traps'])
      expect((await anonymous.get(`/api/repertoire/${path}?color=white`)).status).toBe(401);
    const { client } = await signedInClient(server, { prefix: 'goal' });
    expect((await client.get('/api/repertoire/trim?color=green')).status).toBe(400);
    const tooBig = await client.postJson('/api/repertoire/goal', { color: 'white', goal: 2 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toMatch(/goal must be at most 0.5/);
    expect((await client.postJson('/api/repertoire/goal', { color: 'white', goal: 'often' })).status).toBe(400);
    expect(await get(client, '/api/repertoire/goal?color=white')).toMatchObject({ goal: 1 / 100, custom: false });
    const noStudy = await client.postJson('/api/repertoire/trim', { color: 'white' });
    expect(noStudy.status).toBe(400);
    expect(noStudy.body.error).toMatch(/no white study/);
  });

  test('the goal defaults by band, is stored per colour and goes back to the band with null', async () => {
    const { client } = await withCheckedStudy();
    // The check's lowest band is 1600: 1 in 100.
    expect(await get(client, '/api/repertoire/goal?color=white')).toEqual({
      color: 'white',
      goal: 1 / 100,
      default_goal: 1 / 100,
      band: 1600,
      custom: false,
      needed_left: (await latest(client)).holes.filter((h: Json) => h.needed).length,
    });
    const set = await client.postJson('/api/repertoire/goal', { color: 'white', goal: 1 / 40 });
    expect(set.body.api_data).toMatchObject({ goal: 1 / 40, custom: true });
    expect((await get(client, '/api/repertoire/goal?color=black')).goal).toBe(1 / 100);
    const run = await latest(client);
    expect(run.goal).toBe(1 / 40);
    expect(run.holes.every((h: Json) => h.needed === h.reach >= 1 / 40)).toBe(true);
    await client.postJson('/api/repertoire/goal', { color: 'white', goal: null });
    expect((await get(client, '/api/repertoire/goal?color=white')).custom).toBe(false);
  });

  test('expected score, trim and traps agree with a computation of their own over the stored answers', async () => {
    const { client } = await withCheckedStudy();
    const goal = 1 / 100;
    const want = reference(root, stats, goal);
    const expected = await get(client, '/api/repertoire/expected?color=white');
    expect(expected.score).toBeCloseTo(want.expected.score, 12);
    expect(expected.baseline).toBeCloseTo(want.expected.baseline, 12);
    expect(expected.covered_reach).toBeCloseTo(want.expected.covered_reach, 12);
    expect(expected).toMatchObject({ speeds: SPEEDS, ratings: RATINGS });

    const trim = (await get(client, '/api/repertoire/trim?color=white')) as Json[];
    const byLine = (a: { line: string }, b: { line: string }) => (a.line < b.line ? -1 : 1);
    expect([...trim].sort(byLine).map((t) => [t.line, t.own_moves, t.dangerous])).toEqual(
      [...want.trim].sort(byLine).map((t) => [t.line, t.own_moves, t.dangerous]),
    );
    for (const t of want.trim) expect(trim.find((x) => x.line === t.line)!.reach).toBeCloseTo(t.reach, 12);
    expect(want.trim.some((t) => t.dangerous)).toBe(true);
    expect(want.trim.some((t) => !t.dangerous)).toBe(true);

    const traps = (await get(client, '/api/repertoire/traps?color=white')) as Json[];
    expect([...traps].sort(byLine).map((t) => [t.line, t.games, t.punished])).toEqual(
      [...want.traps].sort(byLine).map((t) => [t.line, t.games, t.punished]),
    );
    for (const t of want.traps) {
      const found = traps.find((x) => x.line === t.line)!;
      expect(found.score).toBeCloseTo(t.score, 12);
      expect(found.score_low).toBeCloseTo(t.score_low, 12);
    }
    expect(want.traps.map((t) => t.line)).toContain('1. e4 Nc6');
  });

  test('a stored answer changes the figures once the few seconds they are held are over', async () => {
    const { client } = await withCheckedStudy();
    const before = await get(client, '/api/repertoire/expected?color=white');
    const key = keyOf(root.children.get('e4')!.pos);
    const old = stats.get(key)!;
    const swap = <C extends { white: number; black: number }>(c: C): C => ({ ...c, white: c.black, black: c.white });
    const changed = { ...swap(old), moves: old.moves.map(swap) };
    await storeStats(database.db, [changed]);
    try {
      // Held as read: the calls of one page agree.
      expect(await get(client, '/api/repertoire/expected?color=white')).toEqual(before);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
      const want = reference(root, new Map([...stats, [key, changed]]), 1 / 100).expected;
      const after = await get(client, '/api/repertoire/expected?color=white');
      expect(after.score).toBeCloseTo(want.score, 12);
      expect(after.covered_reach).toBeCloseTo(want.covered_reach, 12);
      expect(after.score).not.toBeCloseTo(before.score, 6);
    } finally {
      vi.useRealTimers();
      await storeStats(database.db, [old]);
    }
  });

  test('the drill says where a trap was played: the position its move reaches, not the others', async () => {
    const { client } = await withCheckedStudy();
    const traps = (await get(client, '/api/repertoire/traps?color=white')) as Json[];
    const answered = traps.filter((t) => t.punished);
    expect(answered.length).toBeGreaterThan(0);
    const reached = new Map(answered.map((t) => [holePositionKey(t), t]));
    let found = 0;
    for (const t of answered) {
      const items = (await client.postJson('/api/drill/lines', { color: 'white', lines: [t.line] })).body
        .api_data as Json[];
      for (const item of items) {
        const trap = reached.get(positionKey(item.fen));
        expect([item.line, item.trap ?? null]).toEqual([
          item.line,
          trap ? { san: trap.san, games: trap.games, score: trap.score } : null,
        ]);
        if (trap) found++;
      }
    }
    expect(found).toBeGreaterThanOrEqual(answered.length);
  });

  test('a trim removes the optional lines, the drill loses their positions, and one undo brings all back', async () => {
    const { client } = await withCheckedStudy();
    const before = (await get(client, '/api/repertoire/trim?color=white')) as Json[];
    const optional = before.filter((t) => !t.dangerous);
    const dropped = optional.reduce((n, t) => n + t.drill_positions, 0);
    expect(dropped).toBeGreaterThan(0);
    expect(optional.every((t) => t.reviews_per_day > 0)).toBe(true);
    await client.postJson('/api/drill/sync', { color: 'white' });
    const drillBefore = (await get(client, '/api/drill/stats?color=white')).total;
    const expectedBefore = await get(client, '/api/repertoire/expected?color=white');

    const trimmed = await client.postJson('/api/repertoire/trim', { color: 'white' });
    expect(trimmed.status).toBe(200);
    expect(trimmed.body.api_data).toMatchObject({ trimmed: optional.length, edits: optional.length });
    expect(((await get(client, '/api/repertoire/edits?color=white')) as Json[]).map((e) => e.line).sort()).toEqual(
      optional.map((t) => t.line).sort(),
    );
    // Only the dangerous lines are left to trim.
    expect(((await get(client, '/api/repertoire/trim?color=white')) as Json[]).map((t) => t.line)).toEqual(
      before.filter((t) => t.dangerous).map((t) => t.line),
    );
    await client.postJson('/api/drill/sync', { color: 'white' });
    expect((await get(client, '/api/drill/stats?color=white')).total).toBe(drillBefore - dropped);
    // The expected score follows the edit, and is kept as a second point.
    const expectedAfter = await get(client, '/api/repertoire/expected?color=white');
    expect(expectedAfter.score).not.toBeCloseTo(expectedBefore.score, 9);
    expect(((await get(client, '/api/repertoire/expected/history?color=white')) as Json[]).length).toBe(2);

    const undone = await client.postJson('/api/repertoire/undo', { color: 'white' });
    expect(undone.body.api_data.edits).toBe(0);
    expect(await get(client, '/api/repertoire/trim?color=white')).toEqual(before);
    await client.postJson('/api/drill/sync', { color: 'white' });
    expect((await get(client, '/api/drill/stats?color=white')).total).toBe(drillBefore);

    // A dangerous line goes only when named.
    const dangerous = before.find((t) => t.dangerous)!;
    const picked = await client.postJson('/api/repertoire/trim', { color: 'white', lines: [dangerous.line] });
    expect(picked.body.api_data).toMatchObject({ trimmed: 1, edits: 1 });
    const unknown = await client.postJson('/api/repertoire/trim', { color: 'white', lines: ['1. e4 e5'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('1. e4 e5 is not a line below your white goal');
    expect(((await get(client, '/api/repertoire/edits?color=white')) as Json[]).length).toBe(1);
  });

  test('the expected score is kept when a check ends and a second after an edit, with no page asking', async () => {
    const { client } = await withCheckedStudy();
    const history = async () => (await get(client, '/api/repertoire/expected/history?color=white')) as Json[];
    expect(await history()).toHaveLength(1);
    expect((await client.postJson('/api/repertoire/trim', { color: 'white' })).status).toBe(200);
    await vi.waitFor(async () => expect(await history()).toHaveLength(2), { timeout: 15_000, interval: 200 });
    // The kept point is the figure the page then reads, and reading it keeps nothing more.
    const expected = await get(client, '/api/repertoire/expected?color=white');
    const points = await history();
    expect(points).toHaveLength(2);
    expect(points[1].score).toBeCloseTo(expected.score, 9);
    expect(points[1].covered_reach).toBeCloseTo(expected.covered_reach, 9);
    expect(points[0].score).not.toBeCloseTo(expected.score, 9);
  });

  test("a trim line's daily reviews follow its drill items' schedules; New and retired ones count as New", async () => {
    const { client, userId } = await withCheckedStudy();
    const trim = async () => (await get(client, '/api/repertoire/trim?color=white')) as Json[];
    const before = await trim();
    for (const t of before) expect(t.reviews_per_day).toBeCloseTo((t.drill_positions * 5) / 30, 12);
    // An item at every position the player answers, reviewed and due in 10 days.
    const rep = buildRepertoireFromPgn(STUDY, { color: 'white' }).unwrap();
    const own = [...rep.positions.values()].filter((p) => p.turn === 'white' && p.moves.length > 0);
    await database.db.insert(drillItems).values(
      own.map((p) => ({
        userId,
        color: 'white' as const,
        positionKey: p.key,
        fen: p.fen,
        answers: [],
        due: new Date(),
        state: 2,
        scheduledDays: 10,
      })),
    );
    const mine = and(eq(drillItems.userId, userId), eq(drillItems.color, 'white'));
    const after = async (set: Partial<typeof drillItems.$inferInsert>, perPosition: number) => {
      if (Object.keys(set).length > 0) await database.db.update(drillItems).set(set).where(mine);
      const rows = await trim();
      expect(rows.map((t) => t.line)).toEqual(before.map((t) => t.line));
      for (const t of rows) expect(t.reviews_per_day).toBeCloseTo(t.drill_positions * perPosition, 12);
    };
    await after({}, 1 / 10);
    await after({ scheduledDays: 0 }, 1);
    await after({ state: 0 }, 5 / 30);
    await after({ state: 2, retiredAt: new Date() }, 5 / 30);
  });

  test('a hole answered by an edit is marked answered on the next read; Study next, the goal and Today agree', async () => {
    const { client } = await withCheckedStudy();
    const open = (holes: Json[]) => holes.filter((h) => !h.answered);
    const before = await latest(client);
    expect(open(before.holes)).toHaveLength(before.holes.length);
    const hole = before.holes.find((h: Json) => h.needed) as Json;
    await answerHole(client, hole);

    // No wait for the deck's follower: the next read knows the answer.
    const after = await latest(client);
    const marked = after.holes.find((h: Json) => h.fen === hole.fen && h.uci === hole.uci);
    expect(marked).toMatchObject({ answered: true, needed: true });
    expect(open(after.holes)).toHaveLength(before.holes.length - 1);
    const neededOpen = open(after.holes).filter((h) => h.needed).length;
    expect((await get(client, '/api/repertoire/goal?color=white')).needed_left).toBe(neededOpen);
    const today = await get(client, '/api/today?tz=UTC');
    expect(today.needed_holes_left.white).toBe(neededOpen);
    // Today counts what Study next lists: the first 20 that come up at all.
    const listed = after.holes.filter((h: Json) => h.reach > 0).slice(0, 20);
    expect(today.holes_open).toBe(open(listed).length);
  });

  test('Today read first after an edit counts its answered hole, before Study next or the follower syncs', async () => {
    const { client } = await withCheckedStudy();
    const before = await latest(client);
    const listed = (holes: Json[]) => holes.filter((h: Json) => h.reach > 0).slice(0, 20);
    const todayBefore = await get(client, '/api/today?tz=UTC');
    expect(todayBefore.holes_open).toBe(listed(before.holes).length);
    const hole = listed(before.holes).find((h: Json) => h.needed) as Json;
    await answerHole(client, hole);

    // Today first, well inside the second the deck's follower waits.
    const today = await get(client, '/api/today?tz=UTC');
    expect(today.holes_open).toBe(todayBefore.holes_open - 1);
    expect(today.needed_holes_left.white).toBe(todayBefore.needed_holes_left.white - 1);
  });

  test('two loads of Study next give the same holes, needed first, and the same suggested answers', async () => {
    const { client } = await withCheckedStudy();
    const first = await latest(client);
    const second = await latest(client);
    expect(second.holes).toEqual(first.holes);
    const needed = first.holes.map((h: Json) => h.needed as boolean);
    expect(needed.indexOf(false) === -1 || needed.slice(needed.indexOf(false)).every((n: boolean) => !n)).toBe(true);
    expect(needed.some(Boolean)).toBe(true);
    // Answers at the positions after the three likeliest holes: ties and a small sample included.
    for (const hole of first.holes.slice(0, 3) as Json[]) {
      const pos = positionAfter(hole.line as string);
      const legal: NormalMove[] = [];
      for (const [from, dests] of pos.allDests()) for (const to of dests) legal.push({ from, to });
      legal.sort((a, b) => (makeUci(a) < makeUci(b) ? -1 : 1));
      const [a, b, c] = legal;
      const moves: StatsMove[] = [
        { san: makeSan(pos, a), uci: makeUci(a), ...counts(400, 0.6) },
        { san: makeSan(pos, b), uci: makeUci(b), ...counts(400, 0.6) },
        { san: makeSan(pos, c), uci: makeUci(c), ...counts(3, 1, 0) },
      ];
      const fen = makeFen(pos.toSetup());
      await storeStats(database.db, [record(positionKey(fen), moves)]);
      const load = async () =>
        (await get(client, `/api/engine/candidates?fen=${encodeURIComponent(fen)}&speeds=${SPEEDS}&ratings=${RATINGS}`))
          .moves as Json[];
      const once = await load();
      expect(await load()).toEqual(once);
      // The tie (same games, same score) goes to the SAN first in order; 3 of 3 won ranks below both.
      const best = [...once].sort(
        (x, y) => y.score_low - x.score_low || y.games - x.games || (x.san < y.san ? -1 : 1),
      )[0];
      const tied = [makeSan(pos, a), makeSan(pos, b)].sort()[0];
      expect(best.san).toBe(tied);
      expect(best.score_low).toBeCloseTo(wilson(whiteScore(moves[0]), 400), 12);
      const explorer = async () =>
        (
          await get(
            client,
            `/api/repertoire/explorer?color=white&fen=${encodeURIComponent(fen)}&speeds=${SPEEDS}&ratings=${RATINGS}`,
          )
        ).suggested;
      expect(await explorer()).toMatchObject({ san: tied, games: 400 });
      expect(await explorer()).toEqual(await explorer());
    }
  });
});
