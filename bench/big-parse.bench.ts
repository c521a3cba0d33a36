// What the other players feel while one player stores a 4.5 MB study: the session check's latency,
// polled by a second logged-in player in a process of its own (bench/session-poller.mjs) for as long
// as the upload takes and then until the study's drill deck is synced, and the server's longest
// event-loop delay meanwhile (the repertoire is built on a worker thread and handed over in parts,
// the deck built in steps, so the event loop keeps answering).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, eq, isNotNull } from 'drizzle-orm';
import { studies } from '../src/server/db/schema.js';
import { openTestDatabase, signedInClient, startTestServer } from '../test/helper.js';
import { generateStudy } from './generated-study.js';

const TARGET_BYTES = 4.5 * 1024 * 1024;

let chapters = 200;
let text = generateStudy(chapters);
while (text.length < TARGET_BYTES) {
  chapters = Math.ceil((chapters * TARGET_BYTES) / text.length) + 1;
  text = generateStudy(chapters);
}
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await openTestDatabase(kind);
const server = await startTestServer(database);
try {
  const { client: uploader, userId } = await signedInClient(server);
  const { client: other } = await signedInClient(server);
  await other.get('/api/health');
  const cookie = [...other.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const pollerArgs = [`${server.url}/api/check-if-logged-in`, cookie, other.cookies.get('XSRF-TOKEN') ?? ''];
  const poller = spawn(process.execPath, ['bench/session-poller.mjs', ...pollerArgs], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  poller.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.startsWith('ready')) await new Promise((resolve) => setTimeout(resolve, 10));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let uploadMs = 0;
  const t0 = performance.now();
  const upload = uploader
    .postJson('/api/update-study', {
      color: 'white',
      study_text: text,
      title: 'Big',
      link: null,
      exclude_move_indicators: '',
    })
    .finally(() => (uploadMs = performance.now() - t0));
  const deckSynced = async () =>
    (
      await database.db
        .select({ n: studies.userId })
        .from(studies)
        .where(and(eq(studies.userId, userId), isNotNull(studies.drillSynced)))
    ).length > 0;
  await upload;
  while (!(await deckSynced())) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (performance.now() - t0 > 180_000) throw new Error('the drill deck was not synced within 3 minutes');
  }
  const total = performance.now() - t0;
  loop.disable();
  poller.stdin.end();
  await once(poller, 'exit');
  const times: number[] = JSON.parse(output.slice(output.indexOf('\n') + 1));
  const answer = await upload;
  if (answer.status !== 200) throw new Error(`update-study: ${answer.status} ${answer.text.slice(0, 200)}`);
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))];
  console.log(`big study upload: ${(text.length / 1024 / 1024).toFixed(2)} MB, ${uploadMs.toFixed(0)} ms (${kind})`);
  console.log(`big study drill deck synced after: ${total.toFixed(0)} ms`);
  console.log(`session_check_p99_during_big_parse: ${p99.toFixed(1)} ms (${times.length} checks)`);
  console.log(`session_check_max_during_big_parse: ${times[times.length - 1].toFixed(1)} ms`);
  console.log(`event_loop_max_delay_during_big_parse: ${(loop.max / 1e6).toFixed(0)} ms`);
} finally {
  await server.close();
  await database.close();
}
