// The repertoire workshop over HTTP on a stored study of about 20,000 positions, on PGlite or PostgreSQL
// (TEST_DATABASE_URL): POST /api/repertoire/edit (stored, applied onto the held edited repertoire) and the
// consistency check of the edited repertoire right after an edit (from_study=1, as the workshop asks).
// The first edit builds the study's repertoire; the medians are of the edits after it.
import { buildRepertoireFromPgn } from '../src/chess/index.js';
import { openTestDatabase, signedInClient, startTestServer } from '../test/helper.js';
import { generateStudy } from './generated-study.js';

const RUNS = 15;
const text = generateStudy(156);
const positions = buildRepertoireFromPgn(text, { color: 'white' }).unwrap().positions.size;
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await openTestDatabase(kind);
const server = await startTestServer(database);
// Lines that leave the study: White's rare first moves, each with its own reply.
const REPLIES = ['a6', 'a5', 'b6', 'b5', 'c6', 'c5', 'd6', 'd5', 'e6', 'e5', 'f6', 'f5', 'g6', 'g5', 'h6', 'h5'];
const lines = ['h3', 'a3'].flatMap((first) => REPLIES.map((reply) => `1. ${first} ${reply}`));
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
try {
  const { client } = await signedInClient(server);
  const stored = await client.postJson('/api/update-study', { color: 'white', study_text: text, title: 'Generated' });
  if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
  const edit = async (line: string) => {
    const t0 = performance.now();
    const response = await client.postJson('/api/repertoire/edit', { color: 'white', line, op: 'add' });
    if (response.status !== 200) throw new Error(`edit: ${response.status} ${response.text.slice(0, 200)}`);
    return performance.now() - t0;
  };
  const consistency = async () => {
    const form = new FormData();
    form.set('color', 'white');
    form.set('from_study', '1');
    const t0 = performance.now();
    const response = await client.request('POST', '/api/consistency_check', form, { 'accept-encoding': 'gzip, br' });
    if (response.status !== 200) throw new Error(`consistency: ${response.status} ${response.text.slice(0, 200)}`);
    return performance.now() - t0;
  };
  const first = await edit(lines[0]);
  await consistency();
  const edits: number[] = [];
  const checks: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    edits.push(await edit(lines[i]));
    checks.push(await consistency());
  }
  console.log(`repertoire edit positions: ${positions} positions (${kind})`);
  console.log(`repertoire_edit_20k_first_ms: ${first.toFixed(1)} ms (builds the study's repertoire)`);
  console.log(`repertoire_edit_20k_ms: ${median(edits).toFixed(1)} ms`);
  console.log(`consistency_after_edit_20k_ms: ${median(checks).toFixed(1)} ms`);
} finally {
  await server.close();
  await database.close();
}
