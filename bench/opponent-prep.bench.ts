// POST /api/opponent-prep over HTTP: 200 of an opponent's games (as the Lichess export sends them) against
// a generated White repertoire of about 20,000 positions, on PGlite or PostgreSQL (TEST_DATABASE_URL). A
// local stand-in for Lichess serves the games; the figure is the server's own time: each call's wall time
// less the time the stand-in took to answer. Median of several calls after a first that fills the caches.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildRepertoireFromPgn, type Repertoire } from '../src/chess/index.js';
import { openTestDatabase, signedInClient, startTestServer } from '../test/helper.js';
import { generateStudy } from './generated-study.js';
import { chooser, gameThroughRepertoire, movetext } from './seeded-moves.js';

const GAMES = 200;
const RUNS = 9;

/** The opponent ("rival") has Black; each game walks the repertoire for 2 to 30 half-moves, then goes its own way. */
function generateExport(rep: Repertoire): string {
  const pick = chooser(29);
  const games: string[] = [];
  for (let id = 0; id < GAMES; id++) {
    const sans = gameThroughRepertoire(rep, pick, 70);
    const result = ['1-0', '0-1', '1/2-1/2'][pick(3)];
    const day = String(1 + (id % 28)).padStart(2, '0');
    games.push(
      [
        `[Event "Rated blitz game"]`,
        `[Site "https://lichess.org/bench${String(id).padStart(4, '0')}"]`,
        `[Date "2026.10.${day}"]`,
        `[White "player${id}"]`,
        `[Black "rival"]`,
        `[Result "${result}"]`,
        `[UTCDate "2026.10.${day}"]`,
        `[UTCTime "12:00:00"]`,
        `[WhiteElo "2000"]`,
        `[BlackElo "2000"]`,
        `[Variant "Standard"]`,
        `[TimeControl "180+2"]`,
        '',
        `${movetext(sans)} ${result}`,
      ].join('\n'),
    );
  }
  return `${games.join('\n\n\n')}\n`;
}

const study = generateStudy(156);
const rep = buildRepertoireFromPgn(study, { color: 'white' }).unwrap();
const exportText = generateExport(rep);

// The stand-in for Lichess: the export, and how long each answer took.
let siteMs = 0;
const site = createServer((req, res) => {
  const started = performance.now();
  res.on('finish', () => (siteMs += performance.now() - started));
  if (!req.url?.startsWith('/api/games/user/rival')) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/x-chess-pgn' }).end(exportText);
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await openTestDatabase(kind);
const server = await startTestServer(database, { lichessUrl: siteUrl, siteTimeoutMs: 30_000 });
try {
  const { client } = await signedInClient(server);
  const saved = await client.postJson('/api/update-study', {
    color: 'white',
    exclude_move_indicators: '',
    link: null,
    study_text: study,
    title: 'Generated',
  });
  if (saved.status !== 200) throw new Error(`update-study: ${saved.status} ${saved.text.slice(0, 200)}`);
  const times: number[] = [];
  let games = 0;
  let surprises = 0;
  for (let run = 0; run <= RUNS; run++) {
    siteMs = 0;
    const started = performance.now();
    const response = await client.postJson('/api/opponent-prep', {
      site: 'lichess',
      username: 'rival',
      color: 'white',
    });
    const total = performance.now() - started;
    if (response.status !== 200) throw new Error(`opponent-prep: ${response.status} ${response.text.slice(0, 200)}`);
    games = response.body.api_data.games;
    surprises = response.body.api_data.surprises.length;
    if (run > 0) times.push(total - siteMs);
  }
  times.sort((a, b) => a - b);
  console.log(`opponent_prep_repertoire_positions: ${rep.positions.size} positions (${kind})`);
  console.log(`opponent_prep_games: ${games} games, ${surprises} surprises`);
  console.log(`opponent_prep_200_games_ms: ${times[Math.floor(times.length / 2)].toFixed(1)} ms`);
} finally {
  await server.close();
  await database.close();
  site.close();
}
