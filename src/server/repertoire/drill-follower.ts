import type { FastifyInstance } from 'fastify';
import type { Color } from '../../chess/index.js';
import { syncDrillAfterStudyChange } from '../drill/drill-sync.js';

/**
 * Syncs a colour's drill deck right after an edit, without the edit waiting for it: one sync at a
 * time per player and colour, and edits made while one runs are taken in by a single sync after it.
 * (The drill's own calls sync first whenever the deck is behind, so it is never served stale.)
 */
export class DrillFollower {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(private readonly app: FastifyInstance) {}

  follow(userId: number, color: Color): void {
    const key = `${userId}:${color}`;
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    const run = (async () => {
      do {
        this.again.delete(key);
        await syncDrillAfterStudyChange(this.app, userId, color, true);
      } while (this.again.has(key));
    })().finally(() => this.running.delete(key));
    this.running.set(key, run);
  }

  /** Waits for the syncs under way (the app closing). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}
