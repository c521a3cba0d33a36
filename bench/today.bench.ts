// GET /api/today over HTTP for a player with 5,000 cards, 20,000 drill items (a fifth of them reviewed),
// 500 reviews over the last month, a coverage check per colour with its Study next holes, and stored
// games from both sites; on the embedded database (or PostgreSQL when TEST_DATABASE_URL is set).
// Prints today_http_ms (median of 40 calls after a warm-up) and its p95, and progress_http_ms.
import { sql } from 'drizzle-orm';
import { keyDigest, packDeckKeys } from '../src/server/drill/deck-keys';
import {
  cards,
  coverageRuns,
  drillLogs,
  reviewLogs,
  siteGameChecks,
  studies,
  todayVisits,
} from '../src/server/db/schema';
import { openTestDatabase, signedInClient, startTestServer } from '../test/helper';

const CARDS = 5_000;
const DRILL = 20_000;
const REVIEWS = 500;
const RUNS = 40;
const DAY = 86_400_000;
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

let seed = 31;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await openTestDatabase(kind);
const server = await startTestServer(database);
try {
  const { client, userId } = await signedInClient(server, {
    prefix: 'todaybench',
    lichess: 'thibault',
    chesscom: 'someone',
  });
  const db = database.db;
  const now = Date.now();
  for (let start = 0; start < CARDS; start += 1000) {
    await db.insert(cards).values(
      Array.from({ length: 1000 }, (_, i) => ({
        id: `card-${start + i}`,
        userId,
        promptFen: AFTER_E4,
        answerFen: AFTER_E4,
        prompt: `Card ${start + i}`,
        due: new Date(now + (random() - 0.2) * 60 * DAY),
        state: 2,
        stability: 10,
        difficulty: 5,
        reps: 4,
        lapses: Math.floor(random() * 6),
      })),
    );
  }
  // Drill rows straight in SQL: 20,000 positions per colour split, one in five reviewed.
  await db.execute(sql`
    insert into drill_items (user_id, color, position_key, fen, line, answers, ord, due, state, lapses, stability, difficulty)
    select ${userId}, case when g % 2 = 0 then 'white' else 'black' end, 'key-' || g, ${AFTER_E4}, '1. e4', '[{"uci":"c7c5","san":"c5"}]'::jsonb, g,
      now() + ((g % 97) - 20) * interval '1 day', case when g % 5 = 0 then 2 else 0 end, g % 7, 5, 5
    from generate_series(1, ${DRILL}) g`);
  const deckKeys = packDeckKeys(Array.from({ length: DRILL / 2 }, (_, i) => keyDigest(`key-${i * 2}`)));
  await db.insert(studies).values([
    { userId, color: 'white', studyText: '1. e4 *', drillSynced: `d:${DRILL / 2 + 500}`, drillDeckKeys: deckKeys },
    { userId, color: 'black', studyText: '1. d4 *', drillSynced: `d:${DRILL / 2 + 500}`, drillDeckKeys: deckKeys },
  ]);
  const logs = Array.from({ length: REVIEWS }, (_, i) => new Date(now - random() * 30 * DAY - i));
  await db.insert(reviewLogs).values(
    logs.slice(0, REVIEWS / 2).map((review, i) => ({
      userId,
      cardId: `card-${i}`,
      rating: 1 + Math.floor(random() * 4),
      state: 2,
      due: review,
      stability: 5,
      difficulty: 5,
      elapsedDays: 3,
      lastElapsedDays: 3,
      scheduledDays: 3,
      review,
    })),
  );
  await db.insert(drillLogs).values(
    logs.slice(REVIEWS / 2).map((review, i) => ({
      userId,
      itemId: i + 1,
      uci: 'c7c5',
      correct: 1,
      rating: 3,
      state: i % 3,
      due: review,
      stability: 5,
      difficulty: 5,
      elapsedDays: 1,
      lastElapsedDays: 1,
      scheduledDays: 1,
      review,
    })),
  );
  const hole = (i: number) => ({
    fen: AFTER_E4,
    line: '1. e4',
    san: 'x',
    uci: i % 2 ? 'c7c5' : 'e7e5',
    reach: 0.1,
    share: 0.1,
    games: 5,
  });
  await db.insert(coverageRuns).values(
    (['white', 'black'] as const).map((color) => ({
      userId,
      color,
      status: 'done' as const,
      speeds: 'blitz',
      ratings: '2000',
      holes: Array.from({ length: 300 }, (_, i) => hole(i)),
    })),
  );
  // Games fetched a minute ago (no fetch during the bench), 80 and 40 of them.
  const games = (n: number, site: string) =>
    Array.from({ length: n }, (_, i) => ({
      link: `https://${site}/g${i}`,
      played: new Date(now - i * 3_600_000).toISOString(),
    }));
  await db.insert(siteGameChecks).values([
    {
      userId,
      site: 'lichess',
      username: 'thibault',
      startedAt: new Date(now - 60_000),
      finishedAt: new Date(now - 50_000),
      games: games(80, 'lichess.org'),
    },
    {
      userId,
      site: 'chesscom',
      username: 'someone',
      startedAt: new Date(now - 60_000),
      finishedAt: new Date(now - 50_000),
      games: games(40, 'chess.com'),
    },
  ]);
  await db
    .insert(todayVisits)
    .values({ userId, seenAt: new Date(now - 60_000), previousSeenAt: new Date(now - 2 * DAY) });
  await db.execute(sql`analyze`);

  const time = async (path: string) => {
    const t0 = performance.now();
    const res = await client.get(path);
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`);
    return { ms, body: res.body };
  };
  const path = '/api/today?tz=Europe%2FBerlin';
  for (let i = 0; i < 5; i++) await time(path);
  const times: number[] = [];
  let last: unknown;
  for (let i = 0; i < RUNS; i++) {
    const run = await time(path);
    times.push(run.ms);
    last = run.body;
  }
  times.sort((a, b) => a - b);
  const answer = (last as { api_data: Record<string, unknown> }).api_data;
  if (answer.games_fetching) throw new Error('a game fetch ran during the bench');
  console.log(`today_http_ms: ${times[Math.floor(RUNS / 2)].toFixed(1)} ms (${kind}; median of ${RUNS})`);
  console.log(`today_http_p95_ms: ${times[Math.floor(RUNS * 0.95)].toFixed(1)} ms`);
  console.log(`# today: ${JSON.stringify(answer)}`);
  const base: number[] = [];
  for (let i = 0; i < 20; i++) base.push((await time('/api/drill/settings')).ms);
  base.sort((a, b) => a - b);
  console.log(`# a trivial signed-in call for comparison: ${base[10].toFixed(1)} ms`);
  const progress: number[] = [];
  for (let i = 0; i < 10; i++) progress.push((await time('/api/progress?tz=Europe%2FBerlin')).ms);
  progress.sort((a, b) => a - b);
  console.log(`progress_http_ms: ${progress[5].toFixed(1)} ms (${kind}; median of 10)`);
} finally {
  await server.close();
  await database.close();
}
