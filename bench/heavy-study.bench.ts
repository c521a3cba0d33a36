// One player stores a generated 4 MB study and then runs the consistency check and the opening book on
// it (the form sends the same text), against the server as shipped (bench/shipped-server.ts: dist, a
// PGlite data folder, restarted once), while another player's session check is polled every 10 ms
// from a third process (bench/session-poller.mjs). Figures: the longest wait of that light request
// meanwhile, and the server's peak resident memory (VmHWM) over the whole run.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { startShippedServer } from './shipped-server.js';
import { generateStudy } from './generated-study.js';

const TARGET_BYTES = 4 * 1024 * 1024;
let chapters = 200;
let text = generateStudy(chapters);
while (text.length < TARGET_BYTES) {
  chapters = Math.ceil((chapters * TARGET_BYTES) / text.length) + 1;
  text = generateStudy(chapters);
}
const server = await startShippedServer(2);
try {
  const [heavy, other] = server.players;
  const before = server.memory();
  const cookie = [...other.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const poller = spawn(
    process.execPath,
    ['bench/session-poller.mjs', `${server.url}/api/check-if-logged-in`, cookie, other.cookies.get('XSRF-TOKEN') ?? ''],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  poller.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.startsWith('ready')) await new Promise((resolve) => setTimeout(resolve, 10));

  const t0 = performance.now();
  const stored = await heavy.postJson('/api/update-study', { color: 'white', study_text: text, title: 'Big' });
  if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
  const storeMs = performance.now() - t0;
  const form = () => {
    const data = new FormData();
    data.set('opening_text', text);
    data.set('color', 'white');
    return data;
  };
  const t1 = performance.now();
  const checked = await heavy.request('POST', '/api/consistency_check', form(), { 'accept-encoding': 'br' });
  if (checked.status !== 200) throw new Error(`consistency_check: ${checked.status} ${checked.text.slice(0, 200)}`);
  const checkMs = performance.now() - t1;
  const t2 = performance.now();
  const book = await heavy.request('POST', '/api/create_opening_book', form(), { 'accept-encoding': 'br' });
  if (book.status !== 200) throw new Error(`create_opening_book: ${book.status} ${book.text.slice(0, 200)}`);
  const bookMs = performance.now() - t2;

  poller.stdin.end();
  await once(poller, 'exit');
  const times: number[] = JSON.parse(output.slice(output.indexOf('\n') + 1));
  times.sort((a, b) => a - b);
  const after = server.memory();
  console.log(`heavy_study_size: ${(text.length / 1024 / 1024).toFixed(2)} MB, ${chapters} chapters`);
  console.log(`heavy_study_store_ms: ${storeMs.toFixed(0)} ms (wall)`);
  console.log(`heavy_study_consistency_ms: ${checkMs.toFixed(0)} ms (wall)`);
  console.log(`heavy_study_book_ms: ${bookMs.toFixed(0)} ms (wall, ${(book.text.length / 1024 / 1024).toFixed(1)} MB)`);
  console.log(`rss_mib_before_4mb_study: ${before.rssMiB.toFixed(0)} MiB`);
  console.log(`peak_rss_mib_4mb_study: ${after.peakMiB.toFixed(0)} MiB (reference: under 1024)`);
  console.log(`rss_mib_after_4mb_study: ${after.rssMiB.toFixed(0)} MiB`);
  console.log(
    `light_request_max_ms_during_4mb_check: ${times[times.length - 1].toFixed(0)} ms (${times.length} session checks, reference: under 500)`,
  );
} finally {
  await server.close();
}
