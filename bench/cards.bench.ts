// Latency of GET /api/get-cards for a player with 5,000 cards, over HTTP on the embedded database
// (or PostgreSQL when TEST_DATABASE_URL is set). Prints the median and the 95th percentile asked by
// Node's fetch (the list unchanged between calls, then changed before each call), the median asked
// by Chromium as the web app asks (fetch, then the JSON read), and the 304 of a revalidation.
import { get } from 'node:http';
import { chromium } from '@playwright/test';
import { SESSION_COOKIE } from '../src/server/plugins/session';
import { openTestDatabase, signedInClient, startTestServer } from '../test/helper';

const CARDS = 5_000;
const WARM_UP = 5;
const RUNS = 41;

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await openTestDatabase(kind);
const server = await startTestServer(database);
try {
  const { client } = await signedInClient(server, { prefix: 'cardsbench' });

  const start = Date.parse('2024-01-01T00:00:00.000Z');
  const cards = Array.from({ length: CARDS }, (_, i) => ({
    id: `bench-${i}`,
    prompt: `What does White play here? (card ${i})`,
    prompt_fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    prompt_pgn: '1. e4 c5',
    answer: 'The Open Sicilian: 2. Nf3 and 3. d4.',
    answer_fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
    answer_pgn: '1. e4 c5 2. Nf3',
    orientation: i % 2 ? 'black' : 'white',
    due: new Date(start + ((i * 7919) % CARDS) * 3_600_000).toISOString(),
    state: 2,
    reps: 3,
    stability: 10 + (i % 50),
    difficulty: 5,
    scheduled_days: 10,
    last_review: new Date(start - 86_400_000).toISOString(),
  }));
  const saved = await client.postJson('/api/upsert-cards', cards);
  if (saved.status !== 200) throw new Error(`seeding failed: ${saved.status} ${saved.text.slice(0, 200)}`);

  // As a browser asks: compressed answers accepted (the server picks brotli).
  const asBrowser = { 'accept-encoding': 'gzip, deflate, br' };
  /** Sorted times of full lists asked by Node's fetch, each after `before` (not timed) when given. */
  const timeLists = async (before?: (i: number) => Promise<void>): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i++) {
      await before?.(i);
      const t0 = performance.now();
      const response = await client.request<{ api_data: unknown[] }>('GET', '/api/get-cards', undefined, asBrowser);
      const elapsed = performance.now() - t0;
      if (response.status !== 200 || response.body.api_data.length !== CARDS) throw new Error('get-cards failed');
      if (i >= WARM_UP) times.push(elapsed);
    }
    return times.sort((a, b) => a - b);
  };
  const times = await timeLists();
  console.log(`get_cards_5000_median: ${times[Math.floor(RUNS / 2)].toFixed(1)} ms (${kind})`);
  console.log(`get_cards_5000_p95: ${times[Math.floor(RUNS * 0.95)].toFixed(1)} ms`);
  // The first list after a change (here one card reviewed before each call) is read from the database.
  const afterChange = await timeLists(async (i) => {
    const reviewed = await client.postJson('/api/review-card', { id: `bench-${i}`, rating: 3 });
    if (reviewed.status !== 200) throw new Error(`review failed: ${reviewed.status}`);
  });
  console.log(`get_cards_5000_after_change_median: ${afterChange[Math.floor(RUNS / 2)].toFixed(1)} ms`);
  // Bytes on the wire (node:http does not decompress).
  const sizes = (encoding: string) =>
    new Promise<number>((resolve, reject) => {
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      get(`${server.url}/api/get-cards`, { headers: { 'accept-encoding': encoding, cookie } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
      }).on('error', reject);
    });
  console.log(
    `get_cards_5000_bytes_sent: ${Math.round((await sizes('identity')) / 1024)} KB plain, ${Math.round((await sizes('br')) / 1024)} KB brotli`,
  );

  // In Chromium: its network stack decodes brotli natively, where Node's fetch decodes through streams.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: SESSION_COOKIE, value: client.cookies.get(SESSION_COOKIE)!, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/api/health`);
    const browserTimes = await page.evaluate(
      async ({ runs, warmUp, cards: expected }) => {
        const out: number[] = [];
        for (let i = 0; i < warmUp + runs; i++) {
          const t0 = performance.now();
          // no-store: a full answer each time (the app's own requests revalidate and get 304).
          const response = await fetch('/api/get-cards', { cache: 'no-store' });
          const body = await response.json();
          const elapsed = performance.now() - t0;
          if (body.api_data.length !== expected) throw new Error('get-cards failed');
          if (i >= warmUp) out.push(elapsed);
        }
        return out;
      },
      { runs: RUNS, warmUp: WARM_UP, cards: CARDS },
    );
    browserTimes.sort((a, b) => a - b);
    console.log(`get_cards_5000_chromium_median: ${browserTimes[Math.floor(RUNS / 2)].toFixed(1)} ms`);
  } finally {
    await browser.close();
  }

  // A screen that already holds the list revalidates it (the browser sends the ETag back): 304.
  const etag = (await client.get('/api/get-cards')).headers.get('etag')!;
  const revalidations: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const t0 = performance.now();
    const response = await client.request('GET', '/api/get-cards', undefined, { 'if-none-match': etag });
    const elapsed = performance.now() - t0;
    if (response.status !== 304) throw new Error(`revalidation answered ${response.status}`);
    if (i >= WARM_UP) revalidations.push(elapsed);
  }
  revalidations.sort((a, b) => a - b);
  console.log(`get_cards_5000_unchanged_304_median: ${revalidations[Math.floor(RUNS / 2)].toFixed(1)} ms`);
} finally {
  await server.close();
  await database.close();
}
