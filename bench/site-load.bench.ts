// One player floods the explorer and runs preparations against slow sites, against the server as
// shipped, while another player's session check is polled every 10 ms from a third process and a third
// player looks a position up (or prepares for an opponent) in the middle of each flood. The sites are
// the fakes serving the recorded answers (e2e/fakes), each answer delayed as a busy Lichess would be.
// Figures per phase (at rest, explorer floods, preparations; each in every round), over all rounds: the session check's p50,
// p99 and max and p99 over p99 at rest; the third player's look-up and preparation times; how the
// flooder's calls were answered (200, 429 beyond four waiting, 409 for a second preparation).
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { startFakeSites } from '../e2e/fakes/fake-sites.js';
import type { HttpClient } from '../test/helper.js';
import { generateStudy } from './generated-study.js';
import { at, checksRow, holdsUnderLoad, polledChecks, sorted } from './poll-checks.js';
import { chooser, legalMoves } from './seeded-moves.js';
import { startShippedServer } from './shipped-server.js';

const ROUNDS = Number(process.env.BENCH_RUNS) || 12;
const FLOOD = 30;
const PREPARATIONS = 6;
const REST_MS = 5_000;
const EXPLORER_DELAY_MS = 150;
const GAMES_DELAY_MS = 400;
const EXPLORER_TOKEN = 'bench-explorer';
// The player whose games the fake Lichess serves (its recorded export) whatever name is asked.
const OPPONENT = 'thibault';

const sites = await startFakeSites({ explorerToken: EXPLORER_TOKEN });
Object.assign(process.env, {
  LICHESS_URL: sites.lichessUrl,
  LICHESS_EXPLORER_URL: sites.explorerUrl,
  CHESSCOM_URL: sites.chesscomUrl,
  LICHESS_TOKEN: EXPLORER_TOKEN,
  EXPLORER_INTERVAL_MS: '50',
  // The three players share one address here: the per-address limits would mix them up.
  RATE_LIMITS: 'off',
});
const server = await startShippedServer(3);

/** Distinct positions a few random moves from the start, so no look-up is answered from the cache. */
const pick = chooser(20261128);
const seen = new Set<string>();
const freshFen = (): string => {
  for (;;) {
    const pos = Chess.default();
    for (let ply = 0; ply < 4; ply++) {
      const moves = legalMoves(pos);
      pos.play(moves[pick(moves.length)]);
    }
    const fen = makeFen(pos.toSetup());
    if (!seen.has(fen)) {
      seen.add(fen);
      return fen;
    }
  }
};
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const timed = async <T>(call: () => Promise<T>): Promise<{ ms: number; answer: T }> => {
  const t0 = performance.now();
  const answer = await call();
  return { ms: performance.now() - t0, answer };
};
const lookUp = (player: HttpClient) =>
  player.postJson('/api/repertoire/explorer', { color: 'white', fen: freshFen(), speeds: 'blitz', ratings: '2000' });
const prepare = (player: HttpClient, username: string) =>
  player.postJson('/api/opponent-prep', { site: 'lichess', username, color: 'white' });
const statuses = (answers: { status: number }[]) => {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}x ${status}`).join(', ');
};

try {
  const [flooder, other, third] = server.players;
  const text = generateStudy(40);
  for (const player of [flooder, third]) {
    const stored = await player.postJson('/api/update-study', { color: 'white', study_text: text, title: 'Load' });
    if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
  }
  sites.setMode('explorer', 'slow', { delayMs: EXPLORER_DELAY_MS });
  sites.setMode('lichess-games', 'slow', { delayMs: GAMES_DELAY_MS });
  const polled = (work: () => Promise<void>) => polledChecks(server.url, other, work);
  // Once before the figures, as on a server that has run a while: a fresh database makes the files of
  // the tables a first preparation writes (200-250 ms of file calls on the server's thread, once).
  for (const player of [flooder, third]) {
    if ((await prepare(player, OPPONENT)).status !== 200) throw new Error('the first preparation failed');
    if ((await lookUp(player)).status !== 200) throw new Error('the first look-up failed');
  }

  const rest: number[] = [];
  const floods: number[] = [];
  const preparations: number[] = [];
  const thirdLookUps: number[] = [];
  const floodAnswers: { status: number }[] = [];
  const thirdPreparations: number[] = [];
  const prepAnswers: { status: number }[] = [];
  // At rest in every round too, next to the loads: one window before the first round compared the
  // whole run with its first seconds, on a shared machine whose speed drifts.
  for (let round = 0; round < ROUNDS; round++) {
    rest.push(...(await polled(() => sleep(REST_MS / ROUNDS))));
    floods.push(
      ...(await polled(async () => {
        const flood = Array.from({ length: FLOOD }, () => lookUp(flooder));
        await sleep(200);
        const own = await timed(() => lookUp(third));
        if (own.answer.status !== 200) throw new Error(`the third player's look-up: ${own.answer.status}`);
        thirdLookUps.push(own.ms);
        floodAnswers.push(...(await Promise.all(flood)));
      })),
    );
    preparations.push(
      ...(await polled(async () => {
        const flood = Array.from({ length: PREPARATIONS }, () => prepare(flooder, OPPONENT));
        await sleep(200);
        const own = await timed(() => prepare(third, OPPONENT));
        if (own.answer.status !== 200) throw new Error(`the third player's preparation: ${own.answer.status}`);
        thirdPreparations.push(own.ms);
        prepAnswers.push(...(await Promise.all(flood)));
      })),
    );
  }
  for (const times of [rest, floods, preparations]) times.sort((a, b) => a - b);
  const restP99 = at(rest, 0.99);

  const ms = (times: number[]) =>
    sorted(times)
      .map((t) => t.toFixed(0))
      .join('/');
  console.log(
    `site_load: ${ROUNDS} rounds; explorer answers after ${EXPLORER_DELAY_MS} ms, games after ${GAMES_DELAY_MS} ms`,
  );
  console.log(checksRow('light_request_at_rest', rest, restP99));
  console.log(checksRow('light_request_during_explorer_flood', floods, restP99));
  console.log(checksRow('light_request_during_preparations', preparations, restP99));
  console.log(`explorer_flood: ${FLOOD} look-ups at once a round: ${statuses(floodAnswers)}`);
  console.log(`third_player_look_up_ms: ${ms(thirdLookUps)} (wall, one in the middle of each flood)`);
  console.log(`preparations: ${PREPARATIONS} at once a round: ${statuses(prepAnswers)}`);
  console.log(`third_player_preparation_ms: ${ms(thirdPreparations)} (wall)`);
  const holds = holdsUnderLoad([floods, preparations], restP99);
  console.log(`rule (p99 within 2x of rest and max under 500 ms): ${holds ? 'holds' : 'FAILS'}`);
} finally {
  await server.close();
  await sites.close();
}
