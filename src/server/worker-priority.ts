import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of a worker thread doing one player's heavy work (0 is the server's thread; 19 the lowest). */
export const WORKER_NICE = 10;

/**
 * Lowers the calling worker thread's scheduling priority, so that on a busy machine the server's thread
 * (every player's requests) and the database's get the cores first. Linux sets a nice value per thread,
 * named by its id (/proc/thread-self); elsewhere, or if refused, the thread keeps its priority.
 */
export function runAsBackgroundThread(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, WORKER_NICE);
  } catch {
    // Not Linux, or not allowed: only the order in which threads get a core changes.
  }
}
