// Time to turn an 80-game Lichess export (the most the app asks for) into Game records, as
// GET /api/recent-games does: split the PGN text into games, build each record, sort newest first.
// The export is thibault's real 50 games followed by his first 30 again (median of several runs).
import { toRecords } from '../src/server/sites/game-records';
import { splitPgn as splitPgnGames } from '../src/chess/pgn';
import { readFixture } from '../test/fixtures.js';

const RUNS = 21;
const GAMES = 80;

const fixture = readFixture('lichess/games_user_thibault_2025.pgn');
const games = splitPgnGames(fixture);
const exportText = Array.from({ length: GAMES }, (_, i) => games[i % games.length]).join('\n\n\n') + '\n\n\n';
// Games without moves (aborted at once) are left out of the records, as the screen leaves them out.
const expected = toRecords(splitPgnGames(exportText), 'thibault', 'Lichess').length;
if (expected < GAMES - 5) throw new Error(`only ${expected} of ${GAMES} games have records`);

function run(): number {
  const t0 = performance.now();
  const records = toRecords(splitPgnGames(exportText), 'thibault', 'Lichess');
  const elapsed = performance.now() - t0;
  if (records.length !== expected) throw new Error(`expected ${expected} records, got ${records.length}`);
  return elapsed;
}

for (let i = 0; i < 3; i++) run(); // warm-up
const times = Array.from({ length: RUNS }, run).sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)];
console.log(`game_records_80_lichess_games_median: ${median.toFixed(2)} ms`);
console.log(`game_records_per_game_median: ${((median / GAMES) * 1000).toFixed(1)} us`);
