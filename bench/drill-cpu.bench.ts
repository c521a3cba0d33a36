// Server CPU time of one drill `next` and one drill `line` on a deck of a generated White study of
// about 20,000 positions, against a server in a process of its own (CPU read from /proc, so the
// client's work is not counted): the study is stored (which syncs the deck), the first `next` serves
// the day's New items, then each call is repeated RUNS times and the CPU averaged over them.
import { startBenchServer } from './bench-server.js';
import { generateStudy } from './generated-study.js';

const RUNS = 20;
const text = generateStudy(156);
const server = await startBenchServer(1);
try {
  const [client] = server.players;
  const stored = await client.postJson('/api/update-study', { color: 'white', study_text: text, title: 'Generated' });
  if (stored.status !== 200) throw new Error(`update-study: ${stored.status} ${stored.text.slice(0, 200)}`);
  const stats = await client.get<{ api_data: { total: number } }>('/api/drill/stats?color=white');
  const perCall = async (path: string) => {
    const first = await client.get(path);
    if (first.status !== 200) throw new Error(`${path}: ${first.status} ${first.text.slice(0, 200)}`);
    if (process.env.BENCH_PROFILE && path.includes(process.env.BENCH_PROFILE_PATH ?? ''))
      await client.get('/api/bench/profile?on=1');
    const cpu0 = server.cpuMs();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const response = await client.get(path);
      times.push(performance.now() - t0);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }
    times.sort((a, b) => a - b);
    if (process.env.BENCH_PROFILE && path.includes(process.env.BENCH_PROFILE_PATH ?? ''))
      await client.get('/api/bench/profile?on=0');
    return { cpu: (server.cpuMs() - cpu0) / RUNS, ms: times[Math.floor(RUNS / 2)] };
  };
  const next = await perCall('/api/drill/next?color=white');
  const line = await perCall('/api/drill/line?color=white');
  console.log(`drill_deck_items_20k: ${stats.body.api_data.total} items`);
  console.log(`drill_next_cpu_ms: ${next.cpu.toFixed(1)} ms (server CPU, mean of ${RUNS}; reference: under 10)`);
  console.log(`drill_line_cpu_ms: ${line.cpu.toFixed(1)} ms (server CPU, mean of ${RUNS}; reference: under 10)`);
  console.log(`drill_next_wall_ms: ${next.ms.toFixed(1)} ms (median)`);
  console.log(`drill_line_wall_ms: ${line.ms.toFixed(1)} ms (median)`);
} finally {
  await server.close();
}
