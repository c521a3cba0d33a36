// Latency over HTTP of POST /api/consistency_check and /api/create_opening_book on a repertoire of
// about 20,000 positions sent as text (as the opening tool sends it), on PGlite or PostgreSQL
// (TEST_DATABASE_URL). The first call builds the repertoire (and the first book call the book's text);
// the medians are of the calls after them, which find both cached.
import { buildRepertoireFromPgn } from '../src/chess/index.js';
import { openTestDatabase, signedInClient, startTestServer } from '../test/helper.js';
import { generateStudy } from './generated-study.js';

const RUNS = 11;
const text = generateStudy(156);
const positions = buildRepertoireFromPgn(text, { color: 'white' }).unwrap().positions.size;
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await openTestDatabase(kind);
const server = await startTestServer(database);
try {
  const { client } = await signedInClient(server);
  const form = () => {
    const data = new FormData();
    data.set('opening_text', text);
    data.set('color', 'white');
    return data;
  };
  // As a browser asks: compressed answers accepted (the server picks brotli).
  const asBrowser = { 'accept-encoding': 'gzip, deflate, br' };
  const median = async (path: string): Promise<[number, number]> => {
    const times: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const response = await client.request('POST', path, form(), asBrowser);
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text.slice(0, 200)}`);
      times.push(performance.now() - t0);
    }
    const first = times.shift()!;
    times.sort((a, b) => a - b);
    return [first, times[Math.floor(times.length / 2)]];
  };
  console.log(`openings http repertoire positions: ${positions} positions (${kind})`);
  const [checkFirst, check] = await median('/api/consistency_check');
  const [bookFirst, book] = await median('/api/create_opening_book');
  console.log(`consistency_check_http_20k_first: ${checkFirst.toFixed(1)} ms`);
  console.log(`consistency_check_http_20k_median: ${check.toFixed(1)} ms`);
  console.log(`opening_book_http_20k_first: ${bookFirst.toFixed(1)} ms (repertoire cached, book made)`);
  console.log(`opening_book_http_20k_median: ${book.toFixed(1)} ms`);
} finally {
  await server.close();
  await database.close();
}
