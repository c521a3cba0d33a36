// Server CPU time of one drill `next` and one drill `line` on a deck of a generated White study of
// about 20,000 positions, against a server in a process of its own (CPU read from /proc, so the
// client's work is not counted): the study is stored (which syncs the deck), the first `next` serves
// the day's New items, then each call is repeated RUNS times and the CPU averaged over them. Those
// first calls also pay for compiling what they run (the embedded database's WebAssembly tiers up on
// background threads), so each call is then repeated WARM_RUNS times more: the cost of a call on a
// server that has been answering a while.
import { startBenchServer } from './bench-server.js';
import { generateStudy } from './generated-study.js';

const RUNS = 20;
const WARM_RUNS = 200;
const text = generateStudy(156);
const server = await startBenchServer(1);
try {
  const [client] = server.players;
  const stored = await client.postJson('/api/update-study', { color: 'white', study_text: text, title: 'Generated' });
  if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
  const stats = await client.get<{ api_data: { total: number } }>('/api/drill/stats?color=white');
  const repeat = async (path: string, runs: number) => {
    const cpu0 = server.cpuMs();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const response = await client.get(path);
      times.push(performance.now() - t0);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }
    times.sort((a, b) => a - b);
    return { cpu: (server.cpuMs() - cpu0) / runs, ms: times[Math.floor(runs / 2)] };
  };
  // The first calls of each as main measured them (next, then line), then the later ones.
  const first = async (path: string) => {
    const response = await client.get(path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text.slice(0, 200)}`);
    const profiled = process.env.BENCH_PROFILE && path.includes(process.env.BENCH_PROFILE_PATH ?? '');
    if (profiled) await client.get('/api/bench/profile?on=1');
    const result = await repeat(path, RUNS);
    if (profiled) await client.get('/api/bench/profile?on=0');
    return result;
  };
  const nextPath = '/api/drill/next?color=white';
  const linePath = '/api/drill/line?color=white';
  const next = { cold: await first(nextPath), warm: { cpu: 0, ms: 0 } };
  const line = { cold: await first(linePath), warm: { cpu: 0, ms: 0 } };
  next.warm = await repeat(nextPath, WARM_RUNS);
  line.warm = await repeat(linePath, WARM_RUNS);
  console.log(`drill_deck_items_20k: ${stats.body.api_data.total} items`);
  const reference = 'reference: under 10';
  console.log(
    `drill_next_cpu_ms: ${next.cold.cpu.toFixed(1)} ms (server CPU, mean of the first ${RUNS}; ${reference})`,
  );
  console.log(
    `drill_line_cpu_ms: ${line.cold.cpu.toFixed(1)} ms (server CPU, mean of the first ${RUNS}; ${reference})`,
  );
  console.log(`drill_next_cpu_ms_warm: ${next.warm.cpu.toFixed(1)} ms (server CPU, mean of the ${WARM_RUNS} after)`);
  console.log(`drill_line_cpu_ms_warm: ${line.warm.cpu.toFixed(1)} ms (server CPU, mean of the ${WARM_RUNS} after)`);
  console.log(`drill_next_wall_ms: ${next.cold.ms.toFixed(1)} ms (median of the first ${RUNS})`);
  console.log(`drill_line_wall_ms: ${line.cold.ms.toFixed(1)} ms (median of the first ${RUNS})`);
} finally {
  await server.close();
}
