// Another player's session check, polled every 10 ms from a process of its own (bench/session-poller.mjs)
// while a phase's work runs, and the figures the load benches print of it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { HttpClient } from '../test/helper.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const sorted = (times: number[]) => [...times].sort((a, b) => a - b);

/** The value at quantile q of sorted times. */
export const at = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];

/** The session check latencies (ms, sorted) of `player` at `url` while `work` runs. */
export async function polledChecks(url: string, player: HttpClient, work: () => Promise<void>): Promise<number[]> {
  const cookie = [...player.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const poller = spawn(
    process.execPath,
    ['bench/session-poller.mjs', `${url}/api/check-if-logged-in`, cookie, player.cookies.get('XSRF-TOKEN') ?? ''],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  poller.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.startsWith('ready')) await sleep(10);
  try {
    await work();
  } finally {
    poller.stdin.end();
    await once(poller, 'exit');
  }
  return sorted(JSON.parse(output.slice(output.indexOf('\n') + 1)) as number[]);
}

/** One phase's line: p50, p99 and max of the checks, and p99 over the p99 at rest. */
export const checksRow = (name: string, times: number[], restP99: number): string =>
  `${name}: p50 ${at(times, 0.5).toFixed(0)} ms, p99 ${at(times, 0.99).toFixed(0)} ms, ` +
  `max ${times[times.length - 1].toFixed(0)} ms, p99/rest ${(at(times, 0.99) / restP99).toFixed(2)} ` +
  `(${times.length} session checks)`;

/** The rule for another player's light requests under load: p99 within 2x of rest, max under 500 ms. */
export const holdsUnderLoad = (phases: number[][], restP99: number): boolean =>
  phases.every((times) => at(times, 0.99) <= 2 * restP99 && times[times.length - 1] < 500);
