// Real server processes (tsx src/server/main.ts) on one PostgreSQL database, for tests and benches
// that need more than one process: a fresh database, sessions made in the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import postgres from 'postgres';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { sessions, users } from '../src/server/db/schema.js';
import { SESSION_COOKIE } from '../src/server/plugins/session.js';
import { HttpClient, uniqueUser } from './helper.js';

export const SHARED_SECRET = 'one-secret-shared-by-every-process-of-the-test';

/** A new database beside the one `baseUrl` names; dropped by the returned function. */
export async function freshDatabase(baseUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Output so far (for failures). */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<void>;
}

/** The address the child prints once it listens, when its health check answers there. */
async function answering(child: ChildProcess, output: () => string): Promise<string> {
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output()}`);
    const url = /listening at (http:\/\/[\d.]+:\d+)/i.exec(output())?.[1];
    const ok =
      url !== undefined &&
      (await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) return url;
    if (Date.now() > until) throw new Error(`the server did not start: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chess-prep-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      // The server picks a free port itself: one chosen here could be taken by another test before it listens.
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: SHARED_SECRET,
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_REQUESTS: 'false',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let told = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // A process that dies on its own leaves its output where the failing test shows it.
      if (!told) console.error(`server process ${child.pid} exited (${signal ?? code}):\n${output}`);
      resolve();
    }),
  );
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = await answering(child, () => output);
  return {
    url,
    child,
    output: () => output,
    kill: (signal) => {
      told = true;
      child.kill(signal);
    },
    stop: async () => {
      told = true;
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    exited,
  };
}

/** A user and a session made in the database, and a cookie jar for each server URL carrying it. */
export async function signInEverywhere(
  database: Database,
  urls: string[],
): Promise<{ userId: number; clients: HttpClient[] }> {
  const fields = uniqueUser('proc');
  const [row] = await database.db
    .insert(users)
    .values({ email: fields.email, username: fields.username, passwordHash: 'not-a-hash' })
    .returning({ id: users.id });
  const token = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId: row.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const signer = Fastify();
  await signer.register(cookie, { secret: SHARED_SECRET });
  await signer.ready();
  const signed = encodeURIComponent(signer.signCookie(token));
  await signer.close();
  const clients = urls.map((url) => {
    const client = new HttpClient(url);
    client.cookies.set(SESSION_COOKIE, signed);
    return client;
  });
  return { userId: row.id, clients };
}

export { openDatabase };
