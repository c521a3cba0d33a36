import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirLockedError, LOCK_FILE } from './data-dir-lock.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chess-prep-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the real server entry point on dir; resolves with its exit code and output. */
function startServer(dir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', SESSION_SECRET: 'lock-test-secret-long-enough-for-signing' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test('a second process on the same data folder refuses to start, naming the holder', async () => {
  const dir = freshDir();
  const first = await openDatabase({ dir });
  try {
    const second = await startServer(dir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`in use by another Chess Prep process (pid ${process.pid})`);
    await expect(openDatabase({ dir })).rejects.toBeInstanceOf(DataDirLockedError);
  } finally {
    await first.close();
  }
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
}, 90_000);

test('a lock left by a process that died is taken over', async () => {
  const dir = freshDir();
  // A pid far above Linux's pid_max runs nowhere.
  writeFileSync(join(dir, LOCK_FILE), '99999999');
  const database = await openDatabase({ dir });
  expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(String(process.pid));
  await database.close();
  const again = await openDatabase({ dir });
  await again.close();
  // Two opens of a new data folder: each may run every migration, slow on a loaded machine.
}, 120_000);
