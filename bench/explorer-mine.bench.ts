// The Mine explorer (the player's own games counted by position) over 2,000 saved games with one colour:
// the server CPU to build it from the stored rows (the database read included), and the time to answer
// a cached position, in the function and through the shipped app's HTTP route (GET
// /api/repertoire/explorer?db=mine: session, validation, the answer's schema), both injected and over a
// real connection; the target for the latter is under 5 ms. The games are the fixtures' real games with
// clock comments, and seeded pseudo-random games of 80 plies.
import { splitPgn } from '../src/chess/index';
import { countOwnGames, ownPositionFigures } from '../src/chess/own-games-explorer';
import { gameReviews } from '../src/server/db/schema';
import { ownGamesExplorer } from '../src/server/openings/own-games';
import { playRandomGame } from '../src/server/openings/random-game';
import { readFixture } from '../test/fixtures';
import { openTestDatabase, signedInUser, startTestServer } from '../test/helper';

const GAMES = 2000;
const RUNS = 200;
const WARM_UP = 50;
/** What a cached Mine answer may take over HTTP. */
const TARGET_MS = 5;
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)];
const median = (values: number[]) => quantile(values, 0.5);

const real = [
  'lichess/games_user_thibault_2025.pgn',
  'chesscom/games_fabianocaruana_2020_05.pgn',
  'lichess/games_user_Bfx-de-Blr_2026_first15.pgn',
].flatMap((file) => splitPgn(readFixture(file)));
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const movetext = (sans: string[]) => sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');

const database = await openTestDatabase('pglite');
const server = await startTestServer(database);
try {
  const user = await signedInUser(server.app, server.url);
  const rows = Array.from({ length: GAMES }, (_, i) => ({
    userId: user.id,
    heroColor: 'White' as const,
    pgn: i % 2 === 0 ? real[i % real.length] : movetext(playRandomGame(random, 80, 8)),
    result: [1, 0.5, 0][i % 3],
    datePlayed: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
  }));
  for (let i = 0; i < rows.length; i += 250) await database.db.insert(gameReviews).values(rows.slice(i, i + 250));

  // The counting alone, on rows already read (the embedded database runs in this process too).
  const stored = await database.db
    .select({ pgn: gameReviews.pgn, result: gameReviews.result, played: gameReviews.datePlayed })
    .from(gameReviews);
  const countCpu = process.cpuUsage();
  countOwnGames(
    stored.map((r) => ({ pgn: r.pgn, color: 'white', result: r.result, playedAt: r.played?.toISOString() ?? null })),
  );
  const counted = process.cpuUsage(countCpu);
  console.log(
    `mine counting of ${GAMES} games (server CPU): ${((counted.user + counted.system) / 1000).toFixed(0)} ms`,
  );

  const cpu = process.cpuUsage();
  const started = performance.now();
  const mine = await ownGamesExplorer(server.app, user.id, 'white');
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  console.log(`mine positions counted: ${mine.positions.size} positions`);
  console.log(
    `mine build over ${GAMES} games (server CPU, read included): ${((used.user + used.system) / 1000).toFixed(0)} ms`,
  );
  console.log(`mine build over ${GAMES} games (wall): ${wall.toFixed(0)} ms`);

  const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
  const inFunction: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    ownPositionFigures(await ownGamesExplorer(server.app, user.id, 'white'), fen);
    inFunction.push(performance.now() - t);
  }
  console.log(`mine cached position (version check and lookup, median): ${median(inFunction).toFixed(2)} ms`);
  const url = `/api/repertoire/explorer?color=white&db=mine&fen=${encodeURIComponent(fen)}`;
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  // Warmed up first: the figure is the answer's steady cost, not the route's first compile.
  for (let run = 0; run < WARM_UP; run++) {
    await server.app.inject({ method: 'GET', url, headers: { cookie } });
    await user.client.get(url);
  }
  const injected: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    const answer = await server.app.inject({ method: 'GET', url, headers: { cookie } });
    injected.push(performance.now() - t);
    if (answer.statusCode !== 200) throw new Error(`mine answer failed: ${answer.statusCode}`);
  }
  console.log(`mine cached position through the route, injected (median): ${median(injected).toFixed(2)} ms`);
  // As a browser asks (the answer compressed), to tell compression from the connection's own cost.
  const browser = { cookie, 'accept-encoding': 'gzip, deflate, br' };
  const compressed: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    await server.app.inject({ method: 'GET', url, headers: browser });
    compressed.push(performance.now() - t);
  }
  console.log(
    `mine cached position through the route, injected and compressed (median): ${median(compressed).toFixed(2)} ms`,
  );
  const overHttp: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    const answer = await user.client.get(url);
    overHttp.push(performance.now() - t);
    if (answer.status !== 200) throw new Error(`mine answer failed: ${answer.status}`);
  }
  const http = median(overHttp);
  console.log(`mine cached position over HTTP (median): ${http.toFixed(2)} ms`);
  console.log(`mine cached position over HTTP (p95): ${quantile(overHttp, 0.95).toFixed(2)} ms`);
  console.log(
    `mine cached position over HTTP, target under ${TARGET_MS} ms: ${http < TARGET_MS ? 'met' : 'missed'} (median ${http.toFixed(2)} ms)`,
  );
} finally {
  await server.close();
  await database.close();
}
