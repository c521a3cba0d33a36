// A migrated PGlite kept as a data-folder tarball, so each test file loads a database in about a
// third of the CPU that creating and migrating one costs (initdb is most of it). The tarball is keyed
// by the migrations and PGlite's version, written atomically, and shared by every run on this machine.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS, wrapPglite, type Database } from '../src/server/db/client.js';
import { PGliteThread } from '../src/server/db/pglite-thread.js';

const migrationsFolder = fileURLToPath(new URL('../src/server/db/migrations', import.meta.url));

function templateKey(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json'))).update(JSON.stringify(PGLITE_OPTIONS));
  for (const folder of [migrationsFolder, join(migrationsFolder, 'meta')]) {
    for (const name of readdirSync(folder).sort()) {
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(folder, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** The tarball's path, made first when missing. */
export async function pgliteTemplate(): Promise<string> {
  const path = join(tmpdir(), `chess-prep-pglite-${templateKey()}.tar`);
  if (existsSync(path)) return path;
  const client = new PGlite(PGLITE_OPTIONS);
  try {
    await wrapPglite(client);
    const dump = await client.dumpDataDir('none');
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await client.close();
  }
  return path;
}

/**
 * A new in-memory PGlite holding the migrated template; with TEST_PGLITE_THREAD set, on a thread of its
 * own, as the server runs its data folder's.
 */
export async function openTemplateDatabase(): Promise<Database> {
  const bytes = readFileSync(await pgliteTemplate());
  if (process.env.TEST_PGLITE_THREAD) {
    return wrapPglite(await PGliteThread.create(undefined, { ...PGLITE_OPTIONS, loadDataDir: new Uint8Array(bytes) }));
  }
  const tarball = new Blob([bytes]);
  return wrapPglite(new PGlite({ ...PGLITE_OPTIONS, loadDataDir: tarball }));
}
