// Coverage check of a generated 300-position white repertoire through the real server and the fake
// explorer: the explorer requests a first run makes (never more than the distinct opponent-to-move
// positions), then the wall time of the same check answered from the statistics cache (median).
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { startFakeSites } from '../e2e/fakes/fake-sites';
import { coveragePositions } from '../src/chess/coverage';
import { buildRepertoireFromPgn } from '../src/chess/repertoire';
import { openDatabase } from '../src/server/db/client';
import { signedInClient, startTestServer } from '../test/helper';
import { median } from './measure';
import { chooser, legalMoves } from './seeded-moves';

const TARGET_POSITIONS = 300;
const CACHED_RUNS = 7;

/**
 * Chapters of 12 plies: White always plays the same move in a position (a consistent repertoire),
 * Black's replies vary, so the tree fans out on Black's moves.
 */
function generateRepertoire(): { pgn: string; positions: number } {
  const pick = chooser(7);
  const whiteChoice = new Map<string, number>();
  const chapters: string[] = [];
  for (;;) {
    const pos = Chess.default();
    const sans: string[] = [];
    for (let ply = 0; ply < 12; ply++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      const fen = makeFen(pos.toSetup());
      let index: number;
      if (pos.turn === 'white') {
        if (!whiteChoice.has(fen)) whiteChoice.set(fen, pick(Math.min(moves.length, 6)));
        index = whiteChoice.get(fen)!;
      } else {
        index = pick(Math.min(moves.length, 3));
      }
      const move = moves[index];
      const san = makeSan(pos, move);
      sans.push(ply % 2 === 0 ? `${ply / 2 + 1}. ${san}` : san);
      pos.play(move);
    }
    chapters.push(`[Event "Bench: Chapter ${chapters.length + 1}"]\n\n${sans.join(' ')} *`);
    const pgn = chapters.join('\n\n\n');
    const rep = buildRepertoireFromPgn(pgn, { color: 'white' });
    if (rep.isErr) throw new Error(`generated PGN does not parse: ${rep.error.message}`);
    const positions = coveragePositions(rep.value).length;
    if (positions >= TARGET_POSITIONS) return { pgn, positions };
  }
}

const { pgn, positions } = generateRepertoire();
const sites = await startFakeSites({ explorerToken: 'bench-token' });
const database = await openDatabase({ memory: true });
const server = await startTestServer(database, { lichessExplorerUrl: sites.explorerUrl, lichessToken: 'bench-token' });
try {
  const { client } = await signedInClient(server);
  const run = async () => {
    const form = new FormData();
    form.append('opening_text', pgn);
    form.append('color', 'white');
    form.append('speeds', 'blitz,rapid,classical');
    form.append('ratings', '1800,2000,2200,2500');
    const response = await client.postMultipart('/api/coverage_check', form);
    if (!response.text.includes('Coverage Results for:'))
      throw new Error(`coverage check failed: ${response.text.slice(-300)}`);
  };

  const firstStarted = performance.now();
  await run();
  const firstMs = performance.now() - firstStarted;
  const requests = sites.requests('explorer');

  const times: number[] = [];
  for (let i = 0; i < CACHED_RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  const cachedRequests = sites.requests('explorer') - requests;

  console.log(`coverage_distinct_opponent_positions: ${positions} positions`);
  console.log(`coverage_first_run_explorer_requests: ${requests} requests`);
  console.log(`coverage_first_run_requests_per_position: ${(requests / positions).toFixed(3)} ratio`);
  console.log(`coverage_first_run_wall_time: ${firstMs.toFixed(0)} ms`);
  console.log(`coverage_cached_run_wall_time_${positions}_positions: ${median(times).toFixed(1)} ms`);
  console.log(`coverage_cached_run_explorer_requests: ${cachedRequests} requests`);
  if (requests > positions || cachedRequests > 0) {
    console.error('coverage made more explorer requests than distinct opponent-to-move positions');
    process.exitCode = 1;
  }
} finally {
  await server.close();
  await sites.close();
  await database.close();
}
