import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: two processes on one folder both start, then lose acknowledged
 * writes. A lock file holding the owner's pid makes a second process refuse to start (which also makes
 * a rolling restart safe: the new process starts only once the old one let go). A lock left by a process
 * that died (kill -9, power loss) names a pid that no longer runs, and is taken over.
 */

export class DataDirLockedError extends Error {}

export const LOCK_FILE = 'chess-prep.lock';

/** Folders this process holds: a lock naming our own pid that is not here was left by an earlier
 * container run whose process had the same pid (often 1), so it is stale. */
const held = new Set<string>();

/** Takes the folder's lock; returns its release. Throws DataDirLockedError while a live process holds it. */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(path);
      return () => {
        held.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    const ours = owner === process.pid;
    if (Number.isInteger(owner) && owner > 0 && (ours ? held.has(path) : isRunning(owner))) {
      throw new DataDirLockedError(
        `The data folder ${dir} is in use by another Chess Prep process (pid ${owner}). ` +
          'Stop that process first, or give this one its own DATA_DIR; to run several processes on one database use DATABASE_URL (PostgreSQL).',
      );
    }
    // Left by a process that is gone: take it over.
    rmSync(path, { force: true });
  }
  throw new DataDirLockedError(`The data folder ${dir} could not be locked: another process is starting on it`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
