// The server as `npm start` runs it (scripts/build-if-needed.mjs, then node with npm start's flags on
// dist/server/main.js) on a PGlite data folder of its own. The players sign up over HTTP on a first
// start; the bench then runs on a restart, as a server that has been up before runs (its data folder
// existing). Same figures as startBenchServer: CPU time and resident memory of the server process,
// read from /proc.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from '../test/helper.js';
import type { BenchServer } from './bench-server.js';
import { startNodeFlags } from '../scripts/start-command.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function launch(dataDir: string, port: number): Promise<ChildProcess> {
  // npm start's own flags first: BENCH_NODE_FLAGS may set one of them otherwise.
  const flags = [...startNodeFlags(), ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...flags, 'dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

export async function startShippedServer(players = 2): Promise<BenchServer> {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-shipped-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const first = await launch(dataDir, port);
  const clients: HttpClient[] = [];
  try {
    for (let i = 0; i < players; i++) {
      const client = new HttpClient(url);
      const name = `bench${i}${Date.now().toString(36)}`;
      const signedUp = await client.postJson('/api/register', {
        email: `${name}@example.com`,
        username: name,
        password: 'correct horse battery',
      });
      if (signedUp.body?.api_status !== 'success') throw new Error(`register: ${signedUp.text}`);
      clients.push(client);
    }
  } finally {
    await stop(first);
  }
  const child = await launch(dataDir, port);
  // The repertoire workers get the head start a server that has been up a while has had.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const pid = child.pid!;
  return {
    url,
    pid,
    players: clients,
    cpuMs: () => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    memory: () => {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]);
      return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
    },
    close: async () => {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
