// Drill sync of a generated white study of about 20,000 positions, over HTTP on the embedded database
// (or PostgreSQL when TEST_DATABASE_URL is set). The headline is the first sync as a player meets it:
// storing a study reads it, so its deck is built from a study already read. Also: a first sync that
// must read the study itself, a re-sync with no change (median of several), a re-sync after one
// chapter changed, the whole update-study call that stores the study and builds its deck, and the
// first next call after a sync (New items are stored as they are served), and next and line for a
// player who has answered 2,000 items.
import { eq } from 'drizzle-orm';
import { makeFen } from 'chessops/fen';
import { buildRepertoireFromPgn } from '../src/chess/index';
import { drillItems, studies } from '../src/server/db/schema';
import { storeItems } from '../src/server/drill/drill-new-items';
import { syncedDeck } from '../src/server/drill/drill-sync';
import { playRandomGame } from '../src/server/openings/random-game';
import { type HttpClient, openTestDatabase, signedInClient, startTestServer } from '../test/helper';

const TARGET_POSITIONS = 20_000;

// A small seeded generator, so every run drills the same study.
let seed = 14;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** Chapters of 60 plies from the start, each branching off the first moves a little differently. */
function generateStudy(): { text: string; chapters: string[] } {
  const chapters: string[] = [];
  const keys = new Set<string>();
  while (keys.size < TARGET_POSITIONS) {
    // Narrow early (shared openings), wide later (distinct positions).
    const sans = playRandomGame(random, 60, 6, (pos) =>
      keys.add(makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ')),
    );
    chapters.push(`[Event "Generated: Chapter ${chapters.length + 1}"]\n\n${sans.join(' ')} *`);
  }
  return { text: chapters.join('\n\n'), chapters };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { text, chapters } = generateStudy();
const t0 = performance.now();
const rep = buildRepertoireFromPgn(text, { color: 'white' }).unwrap();
// The part of a first sync spent reading the study (the shared repertoire builder).
const buildMs = performance.now() - t0;

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await openTestDatabase(kind);
const server = await startTestServer(database);
// The shipped server boots its repertoire workers when it starts listening (main.ts), well before a
// player's first sync; give them the same head start here.
server.app.repertoireCache.warmWorkers();
await new Promise((resolve) => setTimeout(resolve, 3_000));
try {
  const newPlayer = async (prefix: string) => {
    const { client, userId } = await signedInClient(server, { prefix });
    return { id: userId, client };
  };
  const sync = async (client: HttpClient) => {
    const t0 = performance.now();
    const response = await client.postJson<{ api_data: { added: number; total: number; changed: number } }>(
      '/api/drill/sync',
      { color: 'white' },
    );
    const ms = performance.now() - t0;
    if (response.status !== 200) throw new Error(`sync failed: ${response.status} ${response.text.slice(0, 200)}`);
    return { ms, result: response.body.api_data };
  };

  // A study stored directly, never read by this server: the sync reads it from scratch and adds every item.
  const cold = await newPlayer('drillcold');
  await database.db.insert(studies).values({ userId: cold.id, color: 'white', title: 'Generated', studyText: text });
  const first = await sync(cold.client);
  const again: number[] = [];
  for (let i = 0; i < 7; i++) {
    const run = await sync(cold.client);
    if (run.result.added !== 0 || run.result.changed !== 0) throw new Error('a no-change re-sync changed the deck');
    again.push(run.ms);
  }
  // One chapter dropped and a short new one added: a few items retired, a few added.
  const edited = [...chapters.slice(1), '[Event "Generated: New"]\n\n1. d4 d5 2. c4 e6 3. Nc3 *'].join('\n\n');
  await database.db.update(studies).set({ studyText: edited }).where(eq(studies.userId, cold.id));
  const changed = await sync(cold.client);

  // As a player meets it: storing the study reads it and builds the deck in the same call.
  const stored = `${text}\n\n[Event "Generated: Stored"]\n\n1. c4 e5 2. Nc3 Nf6 *`;
  const storing = await newPlayer('drillstore');
  const t0 = performance.now();
  const saved = await storing.client.postJson('/api/update-study', {
    color: 'white',
    title: 'Generated',
    study_text: stored,
  });
  const storeMs = performance.now() - t0;
  if (saved.status !== 200) throw new Error(`update-study failed: ${saved.status}`);
  const afterStore = await sync(storing.client);
  if (afterStore.result.added !== 0) throw new Error('storing the study did not finish its deck within the call');

  // The deck's own share of that: another player's first sync of a study the server has just read.
  const warm = await newPlayer('drillwarm');
  await database.db.insert(studies).values({ userId: warm.id, color: 'white', title: 'Generated', studyText: stored });
  const firstWarm = await sync(warm.client);
  if (firstWarm.result.added !== firstWarm.result.total) throw new Error('the first sync did not add every item');
  // New items are stored as they are served: the first screen of items after that sync.
  const t1 = performance.now();
  const served = await warm.client.get<{ api_data: unknown[] }>('/api/drill/next?color=white');
  const firstNextMs = performance.now() - t1;
  if (served.status !== 200 || served.body.api_data.length !== 20) throw new Error('the first items were not served');
  const lineRuns: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    const line = await warm.client.get('/api/drill/line?color=white');
    if (line.status !== 200) throw new Error(`drill line failed: ${line.status}`);
    lineRuns.push(performance.now() - t);
  }
  const nextRuns: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await warm.client.get('/api/drill/next?color=white');
    nextRuns.push(performance.now() - t);
  }

  // A player who has answered the deck's first 2,000 items (due in a few days): next passes over them
  // to reach the New ones. CPU of this process (server and client) per call, once warm.
  const seasoned = await newPlayer('drillseasoned');
  await database.db
    .insert(studies)
    .values({ userId: seasoned.id, color: 'white', title: 'Generated', studyText: stored });
  await sync(seasoned.client);
  const deck = (await syncedDeck(server.app, seasoned.id, 'white'))!;
  const drilled = deck.deck.slice(0, 2_000);
  if (!(await storeItems(server.app, seasoned.id, 'white', deck, drilled))) throw new Error('items not stored');
  await database.db
    .update(drillItems)
    .set({ state: 2, reps: 1, due: new Date(Date.now() + 3 * 86_400_000) })
    .where(eq(drillItems.userId, seasoned.id));
  const seasonedCpu = async (path: string) => {
    for (let i = 0; i < 20; i++) await seasoned.client.get(path);
    const c0 = process.cpuUsage();
    for (let i = 0; i < 50; i++) await seasoned.client.get(path);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / 50;
  };
  const seasonedNext = await seasonedCpu('/api/drill/next?color=white');
  const seasonedLine = await seasonedCpu('/api/drill/line?color=white');

  console.log(`drill_sync_20k_positions_repertoire: ${rep.positions.size} positions`);
  console.log(`drill_sync_20k_positions_items: ${first.result.total} items`);
  console.log(`drill_sync_20k_positions: ${firstWarm.ms.toFixed(0)} ms`);
  console.log(`drill_sync_20k_positions_repertoire_build: ${buildMs.toFixed(0)} ms`);
  console.log(`drill_sync_20k_positions_first_study_already_read: ${firstWarm.ms.toFixed(0)} ms`);
  console.log(`drill_sync_20k_positions_first_study_not_yet_read: ${first.ms.toFixed(0)} ms`);
  console.log(`drill_sync_20k_positions_no_change: ${median(again).toFixed(0)} ms`);
  console.log(`drill_sync_20k_positions_one_chapter_changed: ${changed.ms.toFixed(0)} ms`);
  console.log(`store_study_20k_positions_with_drill_deck: ${storeMs.toFixed(0)} ms`);
  console.log(`drill_next_first_20_new_items: ${firstNextMs.toFixed(0)} ms`);
  console.log(`drill_next_again: ${median(nextRuns).toFixed(0)} ms`);
  console.log(`drill_line_median: ${median(lineRuns).toFixed(0)} ms`);
  console.log(`drill_next_cpu_ms_2000_answered: ${seasonedNext.toFixed(1)} ms (this process's CPU, client included)`);
  console.log(`drill_line_cpu_ms_2000_answered: ${seasonedLine.toFixed(1)} ms (this process's CPU, client included)`);
} finally {
  await server.close();
  await database.close();
}
