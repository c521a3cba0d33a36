#!/usr/bin/env node
// Prints the wall time and the CPU time (user + system, all child processes) of `npm test`, or of the
// command given after `--`: `node scripts/time-tests.mjs -- npx vitest run src/chess`.
// CPU is read from /proc (Linux); elsewhere only the wall time is printed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const separator = process.argv.indexOf('--');
const command = separator >= 0 ? process.argv.slice(separator + 1) : ['npm', 'test'];

/** CPU seconds of this process's waited-for children (fields 16 and 17 of /proc/self/stat). */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the name start at field 3; cutime and cstime are fields 16 and 17, in clock ticks
    // (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const load = loadavg()[0].toFixed(1);
const started = performance.now();
const before = childrenCpuSeconds();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  const wall = (performance.now() - started) / 1000;
  const after = childrenCpuSeconds();
  const format = (s) => `${Math.floor(s / 60)} min ${(s % 60).toFixed(0)} s (${s.toFixed(1)} s)`;
  console.log(`\ncommand: ${command.join(' ')}`);
  console.log(`cores: ${cpus().length}, load average at start: ${load}`);
  console.log(`test_wall: ${format(wall)}`);
  if (before !== undefined && after !== undefined) console.log(`test_cpu: ${format(after - before)}`);
  process.exitCode = code ?? (signal ? 1 : 0);
});
