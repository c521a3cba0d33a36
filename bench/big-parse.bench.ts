// What the other players feel while one player stores a 4.5 MB study: the session check's latency,
// polled from a second logged-in client for as long as the upload takes and then until the study's
// drill deck is synced (the repertoire is built on a worker thread and the deck in steps, so the
// event loop keeps answering).
import { and, eq, isNotNull } from 'drizzle-orm';
import { studies } from '../src/server/db/schema.js';
import { openTestDatabase, signedInClient, startTestServer } from '../test/helper.js';
import { generateStudy } from './generated-study.js';

const TARGET_BYTES = 4.5 * 1024 * 1024;
const POLL_MS = 10;

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
  const times: number[] = [];
  let uploading = true;
  let uploadMs = 0;
  const t0 = performance.now();
  const upload = uploader
    .postJson('/api/update-study', { color: 'white', study_text: text, title: 'Big', link: null, exclude_move_indicators: '' })
    .finally(() => {
      uploading = false;
      uploadMs = performance.now() - t0;
    });
  const deckSynced = async () =>
    (await database.db.select({ n: studies.userId }).from(studies).where(and(eq(studies.userId, userId), isNotNull(studies.drillSynced))))
      .length > 0;
  while (uploading || !(await deckSynced())) {
    const start = performance.now();
    await other.postForm('/api/check-if-logged-in', {});
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (performance.now() - t0 > 180_000) throw new Error('the drill deck was not synced within 3 minutes');
  }
  const answer = await upload;
  const total = performance.now() - t0;
  if (answer.status !== 200) throw new Error(`update-study: ${answer.status} ${answer.text.slice(0, 200)}`);
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))];
  console.log(`big study upload: ${(text.length / 1024 / 1024).toFixed(2)} MB, ${uploadMs.toFixed(0)} ms (${kind})`);
  console.log(`big study drill deck synced after: ${total.toFixed(0)} ms`);
  console.log(`session_check_p99_during_big_parse: ${p99.toFixed(1)} ms (${times.length} checks)`);
  console.log(`session_check_max_during_big_parse: ${times[times.length - 1].toFixed(1)} ms`);
} finally {
  await server.close();
  await database.close();
}
