// Server CPU time of the automatic import of 100 new games, against the server as shipped
// (bench/shipped-server.ts: dist, a PGlite data folder) with LICHESS_URL and CHESSCOM_URL pointing at
// the fake sites (e2e/fakes/fake-sites.ts), which serve the recorded games of
// test/fixtures. The largest recorded Lichess export is thibault's 50 games, one of them aborted with no
// move (the client asks for up to 80, the fake sends what it has; the app skips the aborted one), so
// two players with the Lichess name thibault, the second also FabianoCaruana on Chess.com (17 games),
// make 115 new games. Each opens Today, which starts the due fetches as the app does, and the bench
// polls the games settings until every site reports its saved games. The server is first left to
// finish its start (workers warmed, statistics gathered). CPU is the server process's, read from
// /proc; it includes the usernames being saved, the Today calls, the polls, and the server's own
// background work meanwhile (its idle rate is printed to set it apart).
import { startFakeSites } from '../e2e/fakes/fake-sites.js';
import { startShippedServer } from './shipped-server.js';

interface SiteImport {
  site: string;
  imported: number;
  error: string | null;
}

/** Each player's site usernames. */
const PLAYERS = [{ lichess: 'thibault' }, { lichess: 'thibault', chesscom: 'FabianoCaruana' }];
const POLL_MS = 200;
const IDLE_MS = 3_000;
/** The start is over once a second of the server costs less CPU than this. */
const SETTLED_MS = 100;
const TIMEOUT_MS = 180_000;

const sites = await startFakeSites();
// The shipped server reads its settings from the environment it inherits (src/server/config.ts).
Object.assign(process.env, {
  LICHESS_URL: sites.lichessUrl,
  CHESSCOM_URL: sites.chesscomUrl,
  LICHESS_EXPLORER_URL: sites.explorerUrl,
});
const server = await startShippedServer(PLAYERS.length);
try {
  const { players } = server;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let settle = 0; settle < 60; settle++) {
    const before = server.cpuMs();
    await sleep(1_000);
    if (server.cpuMs() - before < SETTLED_MS) break;
  }
  const idle0 = server.cpuMs();
  await sleep(IDLE_MS);
  const idleMsPerS = (server.cpuMs() - idle0) / (IDLE_MS / 1000);

  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  for (const [i, client] of players.entries()) {
    const { lichess, chesscom } = PLAYERS[i];
    const saved = [await client.postForm('/api/update-lichess-username', { username_lichess: lichess })];
    if (chesscom)
      saved.push(await client.postForm('/api/update-chess-dot-com-username', { username_chess_dot_com: chesscom }));
    for (const answer of saved)
      if (answer.status !== 200) throw new Error(`saving a username: ${answer.status} ${answer.text}`);
  }
  await Promise.all(
    players.map(async (client) => {
      const today = await client.get('/api/today');
      if (today.status !== 200) throw new Error(`today: ${today.status} ${today.text.slice(0, 200)}`);
    }),
  );
  let polls = 0;
  const imported = await Promise.all(
    players.map(async (client) => {
      for (;;) {
        const settings = await client.get<{ api_data: { sites: SiteImport[] } }>('/api/games/settings');
        polls += 1;
        const { sites } = settings.body.api_data;
        const failed = sites.find((s) => s.error);
        if (failed) throw new Error(`the import from ${failed.site} failed: ${failed.error}`);
        if (sites.length > 0 && sites.every((s) => s.imported > 0))
          return sites.reduce((sum, s) => sum + s.imported, 0);
        if (performance.now() - t0 > TIMEOUT_MS) throw new Error('the import did not finish in time');
        await sleep(POLL_MS);
      }
    }),
  );
  const cpuS = (server.cpuMs() - cpu0) / 1000;
  const wallS = (performance.now() - t0) / 1000;
  const games = imported.reduce((sum, n) => sum + n, 0);
  let reviews = 0;
  for (const client of players)
    reviews += (await client.get<{ api_data: unknown[] }>('/api/get-game-reviews')).body.api_data.length;
  if (reviews !== games) throw new Error(`${games} games reported imported, ${reviews} reviews stored`);

  console.log(`games_import_idle_server_cpu_ms_per_s: ${idleMsPerS.toFixed(0)} ms (before the import)`);
  console.log(`games_import_100_server_cpu_s: ${cpuS.toFixed(2)} s (${games} games saved; reference: under 5)`);
  console.log(`games_import_server_cpu_ms_per_game: ${((cpuS * 1000) / games).toFixed(1)} ms`);
  console.log(`games_import_100_wall_s: ${wallS.toFixed(2)} s (${polls} polls every ${POLL_MS} ms)`);
} finally {
  await server.close();
  await sites.close();
}
