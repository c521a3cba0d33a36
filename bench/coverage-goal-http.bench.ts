// Server CPU time of the coverage goal's calls (GET /api/repertoire/expected, trim and traps) on a
// generated White study of about 20,000 positions, against a server in a process of its own (CPU read
// from /proc, so the client's work is not counted). Every opponent-to-move position's explorer answer
// is in the shared cache for the player's filters, and a real coverage check has run over them (it
// finds them all cached and fresh, so it calls nothing), leaving the latest run the calls read.
//
// The first calls after the check, and after an edit, are printed on their own (the server works the
// figures out when the check ends, and a second after a burst of edits). Then each call after one uncounted warm-up: RUNS times in a row, as the calls of one page
// find the answers read a few seconds before; and LATER_RUNS times each after a pause longer than those
// few seconds, as a page opened again later, which reads the answers' stamp first; and the three asked
// together after such a pause, as the coverage page asks for them. CPU is counted in clock ticks of
// 10 ms, so the medians are multiples of 10.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRepertoireFromPgn, type Repertoire } from '../src/chess/index.js';
import { openDatabase } from '../src/server/db/client.js';
import { storeStats, type StatsRecord } from '../src/server/openings/position-stats-repository.js';
import { startBenchServer } from './bench-server.js';
import { generateStudy } from './generated-study.js';
import { median } from './measure.js';
import { madeUpAnswers } from './explorer-answers.js';

const RUNS = 20;
const LATER_RUNS = 5;
/** Longer than the server uses answers without asking whether they changed (ANSWERS_CHECKED_MS). */
const HOLD_EXPIRED_MS = 10_500;
/** A page opened after an edit: past the quiet second after which the server follows edits. */
const AFTER_EDIT_MS = 3_000;
// A lowest band of 1600: a goal of 1 in 100, as the pure bench's trim.
const SPEEDS = 'blitz,rapid';
const RATINGS = '1600,1800';

/** As the pure bench's answers: its repertoire moves (a few rare) and two others with varied scores. */
function answersFor(rep: Repertoire): StatsRecord[] {
  let n = 0;
  const answers = madeUpAnswers(
    rep,
    (i) => {
      const games = (n++ % 7 === 0 ? 20 : 2000) >> i;
      // Whole games, as the explorer counts them.
      const white = Math.round(games * 0.4);
      const draws = Math.round(games * 0.1);
      return { white, draws, black: games - white - draws };
    },
    (i) => ({ white: (n % 53 === 0 ? 900 : 150) >> i, draws: 20, black: 130 >> i }),
  );
  return [...answers].map(([fen, answer]) => ({ fen, speeds: SPEEDS, ratings: RATINGS, ...answer }));
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const text = generateStudy(156);
const rep = buildRepertoireFromPgn(text, { color: 'white' }).unwrap();
const answers = answersFor(rep);

// The answers go in before the server starts: an embedded database has one process at a time.
const dir = mkdtempSync(join(tmpdir(), 'chess-prep-bench-goal-'));
const url = process.env.TEST_DATABASE_URL;
const database = await openDatabase(url ? { url } : { dir });
await storeStats(database.db, answers);
await database.close();

const server = await startBenchServer(1, url ? {} : { BENCH_DATA_DIR: dir });
try {
  const [client] = server.players;
  const stored = await client.postJson('/api/update-study', { color: 'white', study_text: text, title: 'Generated' });
  if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
  const form = new FormData();
  for (const [k, v] of Object.entries({ color: 'white', from_study: '1', speeds: SPEEDS, ratings: RATINGS }))
    form.append(k, v);
  const check = await client.postMultipart('/api/coverage_check', form);
  if (!check.text.includes('event: result'))
    throw new Error(`coverage_check: ${check.status} ${check.text.slice(0, 200)}`);
  const latest = await client.get<{ api_data: { status: string; done: number; total: number } }>(
    '/api/coverage/latest?color=white',
  );
  const run = latest.body.api_data;
  if (run.status !== 'done') throw new Error(`coverage check ended ${run.status}`);

  const call = async (path: string) => {
    const cpu0 = server.cpuMs();
    const t0 = performance.now();
    const response = await client.get<{ api_data: unknown }>(path);
    const ms = performance.now() - t0;
    const cpu = server.cpuMs() - cpu0;
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text.slice(0, 200)}`);
    return { cpu, ms, data: response.body.api_data };
  };
  const names = ['expected', 'trim', 'traps'] as const;
  const pathOf = (name: string) => `/api/repertoire/${name}?color=white`;
  type Row = { cpu: number; ms: number };
  const summary = (name: string, rows: Row[], what = 'server CPU per call', reference = '; reference: under 100') => {
    const cpu = rows.map((r) => r.cpu);
    console.log(
      `coverage_goal_http_${name}_cpu_ms: ${median(cpu).toFixed(0)}/${mean(cpu).toFixed(1)} ms (${what}, median/mean of ${rows.length}${reference})`,
    );
    console.log(
      `coverage_goal_http_${name}_wall_ms: ${median(rows.map((r) => r.ms)).toFixed(1)} ms (median of ${rows.length})`,
    );
  };

  // The first calls (expected reads the answers; trim and traps each work out their figure), each
  // the uncounted warm-up of its call.
  const first: Record<string, Row> = {};
  const sizes: Record<string, number> = {};
  let trimRows: { line: string }[] = [];
  for (const name of names) {
    const warm = await call(pathOf(name));
    first[name] = warm;
    sizes[name] = Array.isArray(warm.data) ? warm.data.length : 1;
    if (name === 'trim') trimRows = warm.data as { line: string }[];
  }
  // A remove edit of the first trim line, and the calls a few seconds later (a page opened after it).
  const edited = await client.postJson('/api/repertoire/edit', {
    color: 'white',
    line: trimRows[0].line,
    op: 'remove',
  });
  if (edited.status !== 200) throw new Error(`edit: ${edited.status} ${edited.text.slice(0, 200)}`);
  await pause(AFTER_EDIT_MS);
  const afterEdit: Record<string, Row> = {};
  for (const name of names) afterEdit[name] = await call(pathOf(name));

  const held: Record<string, Row[]> = {};
  for (const name of names) {
    await pause(HOLD_EXPIRED_MS);
    await call(pathOf(name));
    held[name] = [];
    for (let i = 0; i < RUNS; i++) held[name].push(await call(pathOf(name)));
  }
  const later: Record<string, Row[]> = {};
  for (const name of names) {
    later[name] = [];
    for (let i = 0; i < LATER_RUNS; i++) {
      await pause(HOLD_EXPIRED_MS);
      later[name].push(await call(pathOf(name)));
    }
  }
  const pages: Row[] = [];
  for (let i = 0; i < LATER_RUNS; i++) {
    await pause(HOLD_EXPIRED_MS);
    const cpu0 = server.cpuMs();
    const t0 = performance.now();
    await Promise.all(names.map((name) => call(pathOf(name))));
    pages.push({ cpu: server.cpuMs() - cpu0, ms: performance.now() - t0 });
  }

  console.log(
    `coverage_goal_http_positions: ${rep.positions.size} positions (${answers.length} answers cached; check ${run.done}/${run.total}); trim ${sizes.trim} lines, traps ${sizes.traps}`,
  );
  console.log(
    `coverage_goal_http_first_call_cpu_ms: expected ${first.expected.cpu.toFixed(0)} ms, trim ${first.trim.cpu.toFixed(0)} ms, traps ${first.traps.cpu.toFixed(0)} ms (server CPU of each first call after the check; reference: under 100)`,
  );
  console.log(
    `coverage_goal_http_first_call_after_edit_cpu_ms: expected ${afterEdit.expected.cpu.toFixed(0)} ms, trim ${afterEdit.trim.cpu.toFixed(0)} ms, traps ${afterEdit.traps.cpu.toFixed(0)} ms (server CPU of each first call ${AFTER_EDIT_MS / 1000} s after a remove edit; reference: under 100)`,
  );
  for (const name of names) summary(name, held[name]);
  for (const name of names)
    summary(`${name}_later`, later[name], 'server CPU per call after a pause, stamp read first');
  summary('page_later', pages, 'server CPU of the three asked together after a pause', '');
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
