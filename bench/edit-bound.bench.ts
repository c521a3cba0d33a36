// One player at the workshop's edit bound (a generated study plus additions up to
// MAX_ADDED_PLIES_PER_COLOR, long legal lines leaving it after 1. h3 / 1. a3) undoes an edit and adds it
// back, waits for the drill sync the edits set off, and downloads their PGN twice (the first writes it,
// the second gets the kept text), in rounds (BENCH_RUNS, 16 by default), against the server as shipped
// (bench/shipped-server.ts), while another player's session check is polled every 10 ms from a third
// process (bench/session-poller.mjs). Figures per phase (at rest, undo + re-add pairs, the drill sync
// after, PGN downloads; at rest between the sync and the downloads), over all rounds: p50, p99 and max of that light request, p99 over p99 at rest,
// and the server's peak resident memory (VmHWM).
import { Chess } from 'chessops/chess';
import { makeSanAndPlay } from 'chessops/san';
import { FOLLOW_DELAY_MS } from '../src/server/repertoire/drill-follower.js';
import { MAX_ADDED_PLIES_PER_COLOR, pliesOf } from '../src/server/repertoire/edits-store.js';
import { generateStudy } from './generated-study.js';
import { at, checksRow, holdsUnderLoad, polledChecks, sorted } from './poll-checks.js';
import { chooser, legalMoves, movetext } from './seeded-moves.js';
import { startShippedServer } from './shipped-server.js';

const CHAPTERS = 156;
const LINE_PLIES = 100;
const ROUNDS = Number(process.env.BENCH_RUNS) || 16;
const PAIRS_PER_ROUND = 4;
const REST_MS = 5_000;

const pick = chooser(20261127);
/** A legal line from 1. h3 or 1. a3, `plies` moves at most (fewer if the game ends). */
const leavingLine = (plies: number): string => {
  const pos = Chess.default();
  const sans: string[] = [];
  // h2-h3 or a2-a3 (squares 15 -> 23, 8 -> 16): no chapter of the study starts so.
  const from = pick(2) === 0 ? 15 : 8;
  sans.push(makeSanAndPlay(pos, { from, to: from + 8 }));
  while (sans.length < plies) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    sans.push(makeSanAndPlay(pos, moves[pick(moves.length)]));
  }
  return movetext(sans);
};

const server = await startShippedServer(2);
try {
  const [player, other] = server.players;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  /**
   * Waits for the drill sync the edits set off (it starts FOLLOW_DELAY_MS after the last) to finish:
   * until the server has used under 20% of a core for half a second (the poller's own checks cost some).
   * Without the wait first, a quiet half second before the sync started passed for its end, and the
   * sync ran on into the PGN downloads.
   */
  const idle = async () => {
    await sleep(FOLLOW_DELAY_MS + 100);
    for (let tries = 0; tries < 240; tries++) {
      const c0 = server.cpuMs();
      await sleep(500);
      if (server.cpuMs() - c0 < 100) return;
    }
  };
  const edit = (line: string) => player.postJson('/api/repertoire/edit', { color: 'white', line, op: 'add' });

  const text = generateStudy(CHAPTERS);
  const stored = await player.postJson('/api/update-study', { color: 'white', study_text: text, title: 'Bound' });
  if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
  let edits = 0;
  let plies = 0;
  let lastLine = '';
  let refused = '';
  const s0 = performance.now();
  while (!refused) {
    // Exactly what is left of the bound last, then one line more, which must be refused.
    const left = MAX_ADDED_PLIES_PER_COLOR - plies;
    const line = leavingLine(left > 0 ? Math.min(LINE_PLIES, left) : LINE_PLIES);
    const answer = await edit(line);
    if (answer.status === 400) refused = String(answer.body?.error ?? answer.text);
    else if (answer.status !== 200) throw new Error(`edit: ${answer.status} ${answer.text.slice(0, 200)}`);
    else {
      edits++;
      plies += pliesOf(line);
      lastLine = line;
    }
  }
  const setupS = (performance.now() - s0) / 1000;
  const pgn0 = await player.request('GET', '/api/repertoire/pgn?color=white');
  const position = await player.request('GET', '/api/repertoire/edits?color=white');
  if (pgn0.status !== 200 || position.status !== 200) throw new Error(`pgn: ${pgn0.status}, edits: ${position.status}`);
  const undone = await player.postJson('/api/repertoire/undo', { color: 'white' });
  const positions = (undone.body?.api_data as { positions: number } | undefined)?.positions;
  if ((await edit(lastLine)).status !== 200) throw new Error('re-adding the last line failed');
  await idle();
  console.log(
    `edit_bound: ${edits} edits, ${plies} added plies (bound ${MAX_ADDED_PLIES_PER_COLOR}), ` +
      `~${positions} positions with moves, study ${CHAPTERS} chapters; set up in ${setupS.toFixed(0)} s`,
  );
  console.log(`edit_bound_refused: 400 "${refused.slice(0, 90)}..."`);

  /** The other player's session check latencies (ms) while `work` runs. */
  const polled = (work: () => Promise<void>) => polledChecks(server.url, other, work);

  const rest: number[] = [];
  const pgnMs: number[] = [];
  let pgnBytes = 0;
  let pgnPeak = 0;
  const undoMs: number[] = [];
  const addMs: number[] = [];
  const downloads: number[] = [];
  const pairs: number[] = [];
  const followed: number[] = [];
  // In rounds, so each phase gathers a few hundred session checks: its p99 then compares with the p99
  // at rest (a one-second phase's p99 was its slowest check of a dozen).
  for (let round = 0; round < ROUNDS; round++) {
    pairs.push(
      ...(await polled(async () => {
        for (let i = 0; i < PAIRS_PER_ROUND; i++) {
          const t0 = performance.now();
          const answer = await player.postJson('/api/repertoire/undo', { color: 'white' });
          if (answer.status !== 200) throw new Error(`undo: ${answer.status} ${answer.text.slice(0, 200)}`);
          const t1 = performance.now();
          const added = await edit(lastLine);
          if (added.status !== 200) throw new Error(`re-add: ${added.status} ${added.text.slice(0, 200)}`);
          undoMs.push(t1 - t0);
          addMs.push(performance.now() - t1);
        }
      })),
    );
    // The drill deck's sync and coverage figures the edits set off a second after the last one.
    followed.push(...(await polled(idle)));
    // At rest in every round too, so rest and load are measured through the same stretches of a
    // shared machine (one window at the start compared the whole run with its first five seconds).
    rest.push(...(await polled(() => sleep(REST_MS / ROUNDS))));
    // The re-added edit made a new edited repertoire: the first download writes its PGN, the second
    // gets the kept text.
    downloads.push(
      ...(await polled(async () => {
        for (let i = 0; i < 2; i++) {
          const t0 = performance.now();
          const answer = await player.request('GET', '/api/repertoire/pgn?color=white');
          if (answer.status !== 200) throw new Error(`pgn: ${answer.status}`);
          pgnMs.push(performance.now() - t0);
          pgnBytes = Buffer.byteLength(answer.text);
          if (answer.text !== pgn0.text) throw new Error('the PGN changed between downloads');
        }
      })),
    );
    pgnPeak = Math.max(pgnPeak, server.memory().peakMiB);
  }
  for (const times of [rest, downloads, pairs, followed]) times.sort((a, b) => a - b);
  const restP99 = at(rest, 0.99);
  const after = server.memory();

  const row = (name: string, times: number[]) => checksRow(name, times, restP99);
  const ms = (times: number[]) =>
    sorted(times)
      .map((t) => t.toFixed(0))
      .join('/');
  console.log(row('light_request_at_rest', rest));
  console.log(row('light_request_during_pgn', downloads));
  console.log(row('light_request_during_undo_readd', pairs));
  console.log(row('light_request_during_drill_sync_after', followed));
  console.log(
    `pgn_download: ${(pgnBytes / 1024 / 1024).toFixed(2)} MB, ${ms(pgnMs)} ms (wall; ${ROUNDS} written, ${ROUNDS} kept)`,
  );
  console.log(`undo_ms: ${ms(undoMs)}; readd_ms: ${ms(addMs)} (wall)`);
  console.log(`peak_rss_mib: ${pgnPeak.toFixed(0)} MiB after the downloads, ${after.peakMiB.toFixed(0)} MiB in all`);
  const verdict = (phases: number[][]) => (holdsUnderLoad(phases, restP99) ? 'holds' : 'FAILS');
  console.log(`rule (p99 within 2x of rest and max under 500 ms) during the downloads: ${verdict([downloads])}`);
  console.log(`  during the undo + re-add pairs and the drill sync: ${verdict([pairs, followed])}`);
} finally {
  await server.close();
}
