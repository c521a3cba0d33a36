// `node dist/server/db-template.js <folder>` (run by scripts/build-server.mjs): makes <folder> a new,
// migrated and empty PGlite cluster. A server whose DATA_DIR has no database yet copies it instead of
// creating a cluster (initdb) and migrating it, which costs some 10 s of CPU.
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase } from './client.js';

const folder = resolve(process.argv[2] ?? '');
const work = mkdtempSync(`${folder}.making-`);
try {
  const database = await openDatabase({ dir: work });
  await database.close();
  rmSync(folder, { recursive: true, force: true });
  renameSync(join(work, 'pglite'), folder);
} finally {
  rmSync(work, { recursive: true, force: true });
}
