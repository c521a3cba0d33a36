// Repeated opening answers over HTTP on a generated White repertoire of about 20,000 positions, sent
// as the opening tool sends it (multipart, answers compressed as a browser accepts them), against a
// server in a process of its own. After a first call that builds the repertoire (and its answers),
// each call is repeated RUNS times, in two rounds: the median wall time, and the server's CPU time per call read
// from /proc (so the client's own work is not counted), beside the CPU the server spends receiving
// the same form and answering a few bytes (the form echo): the floor for any answer to this form.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startBenchServer } from './bench-server.js';
import { generateStudy } from './generated-study.js';

const RUNS = 30;
const text = generateStudy(156);
const server = await startBenchServer(1);
try {
  const [client] = server.players;
  const form = () => {
    const data = new FormData();
    data.set('opening_text', text);
    data.set('color', 'white');
    return data;
  };
  // As a browser asks (compressed answers accepted); the body is read as bytes, not parsed.
  const headers = {
    'accept-encoding': 'gzip, deflate, br',
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
  };
  // The form encoded once; node:http sends it and the answer is decoded with zlib, as a browser
  // decodes natively (fetch's own brotli decoding takes 350 ms for a 5.8 MB answer, curl's 10 ms).
  const encoded = new Request(server.url, { method: 'POST', body: form() });
  const formBytes = Buffer.from(await encoded.arrayBuffer());
  const formType = encoded.headers.get('content-type')!;
  const call = async (path: string) => {
    const { status, encoding, raw } = await new Promise<{ status: number; encoding?: string; raw: Buffer }>(
      (resolve, reject) => {
        const req = request(server.url + path, {
          method: 'POST',
          headers: { ...headers, 'content-type': formType, 'content-length': formBytes.length },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              encoding: res.headers['content-encoding'],
              raw: Buffer.concat(chunks),
            }),
          );
        });
        req.on('error', reject);
        req.end(formBytes);
      },
    );
    const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
    if (status !== 200) throw new Error(`${path}: ${status} ${body.toString().slice(0, 200)}`);
    return body;
  };
  const measure = async (path: string) => {
    const first = await call(path);
    const times: number[] = [];
    const cpu0 = server.cpuMs();
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const body = await call(path);
      times.push(performance.now() - t0);
      if (!body.equals(first)) throw new Error(`${path}: a repeated call answered differently`);
    }
    const cpu = (server.cpuMs() - cpu0) / RUNS;
    times.sort((a, b) => a - b);
    return { ms: times[Math.floor(RUNS / 2)], cpu, bytes: first.length };
  };
  // Two rounds of each: the first meets PGlite's WebAssembly still being compiled for the route's queries
  // (a cost a server pays once, on background threads, but counted in its CPU); the second is a server
  // that has answered these calls before. The ratios are of the second round; the first is printed too.
  const rounds = [0, 1].map(() => ({
    echo: 0,
    consistency: { ms: 0, cpu: 0, bytes: 0 },
    book: { ms: 0, cpu: 0, bytes: 0 },
  }));
  for (const round of rounds) {
    round.echo = (await measure('/api/bench/form-echo')).cpu;
    round.consistency = await measure('/api/consistency_check');
    round.book = await measure('/api/create_opening_book');
  }
  const [first, warm] = rounds;
  const floor = Math.min(first.echo, warm.echo);
  const { consistency, book } = warm;
  console.log(`opening_form_20k: ${(text.length / 1024).toFixed(0)} KiB of PGN`);
  console.log(`book_answer_20k: ${(book.bytes / 1024).toFixed(0)} KiB of JSON`);
  console.log(`book_http_20k_repeat_ms: ${book.ms.toFixed(1)} ms (median of ${RUNS})`);
  console.log(`consistency_http_20k_repeat_ms: ${consistency.ms.toFixed(1)} ms (median of ${RUNS})`);
  console.log(`server_cpu_ms_per_form_echo_20k: ${floor.toFixed(1)} ms (CPU, mean of ${RUNS})`);
  console.log(
    `server_cpu_ms_per_consistency_20k: ${consistency.cpu.toFixed(1)} ms (CPU; ${(consistency.cpu / floor).toFixed(2)}x the form echo, reference: under 2x)`,
  );
  console.log(
    `server_cpu_ms_per_book_20k: ${book.cpu.toFixed(1)} ms (CPU; ${(book.cpu / floor).toFixed(2)}x the form echo, reference: under 2x)`,
  );
  console.log(
    `server_cpu_ms_per_consistency_20k_first_round: ${first.consistency.cpu.toFixed(1)} ms (CPU, the ${RUNS} calls after the first)`,
  );
  console.log(`server_cpu_ms_per_book_20k_first_round: ${first.book.cpu.toFixed(1)} ms (CPU)`);
} finally {
  await server.close();
}
