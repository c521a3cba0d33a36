// Fifty players open the Drill for the first time at once, against the server in a process of its own
// (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL). Each has stored a real Lichess study (the Ruy
// Lopez fixture) as their White repertoire beforehand; then all fifty load the Drill screen together, as
// the page asks: the deck's counts, the sync, the first 20 items, the counts again. Figures: the time
// each player waits for the whole screen and for each call (p50, p99, max over the players), median of
// three rounds, each round with fifty new players.
import { readFixture } from '../test/fixtures';
import type { HttpClient } from '../test/helper';
import { startBenchServer } from './bench-server.js';

const PLAYERS = 50;
const ROUNDS = 3;
const STUDY = readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn');
const CALLS = ['stats', 'sync', 'next', 'stats again'] as const;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const median = (values: number[]) => quantile(values, 0.5);

async function timed(what: string, request: () => Promise<{ status: number; text: string }>) {
  const t0 = performance.now();
  const response = await request();
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${response.text.slice(0, 200)}`);
  return performance.now() - t0;
}

/** The Drill screen's calls on its first visit, in the page's order; the time of each. */
async function openDrill(client: HttpClient): Promise<number[]> {
  const tz = 'UTC';
  return [
    await timed('stats', () => client.get(`/api/drill/stats?color=white&tz=${tz}`)),
    await timed('sync', () => client.postJson('/api/drill/sync', { color: 'white' })),
    await timed('next', () => client.get(`/api/drill/next?color=white&limit=20&tz=${tz}`)),
    await timed('stats again', () => client.get(`/api/drill/stats?color=white&tz=${tz}`)),
  ];
}

const rounds: { screen: number[]; calls: number[][] }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const server = await startBenchServer(PLAYERS);
  try {
    for (const client of server.players) {
      const stored = await client.postJson('/api/update-study', { color: 'white', study_text: STUDY, title: 'Ruy' });
      if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
    }
    // Whatever storing the studies started in the background is over.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const times = await Promise.all(server.players.map(openDrill));
    rounds.push({
      screen: times.map((calls) => calls.reduce((a, b) => a + b, 0)),
      calls: CALLS.map((_, i) => times.map((calls) => calls[i])),
    });
  } finally {
    await server.close();
  }
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const line = (name: string, pick: (r: (typeof rounds)[number]) => number[]) => {
  const figure = (q: number) => median(rounds.map((r) => quantile(pick(r), q))).toFixed(0);
  console.log(`first_drill_${name}_ms: p50 ${figure(0.5)}, p99 ${figure(0.99)}, max ${figure(1)} (${database})`);
};
console.log(`first_drill: ${PLAYERS} players at once, median of ${ROUNDS} rounds`);
line('screen', (r) => r.screen);
CALLS.forEach((name, i) => line(name.replace(' ', '_'), (r) => r.calls[i]));
