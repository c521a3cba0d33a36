import type { FastifyInstance } from 'fastify';
import type { Color } from '../../chess/index.js';
import { syncDrillAfterStudyChange } from '../drill/drill-sync.js';
import { warmCoverageFigures } from './coverage-figures.js';

/** Quiet time after an edit before its sync starts: a burst of edits is synced once. */
export const FOLLOW_DELAY_MS = 1_000;

/**
 * Syncs a colour's drill deck after edits, and works out its coverage figures again (the expected score
 * kept for Progress, trim and traps), without the edits waiting for it: a second after the last
 * of a burst (a large deck's rebuild would otherwise slow the workshop's next answers), one sync at a
 * time per player and colour, and edits made while one runs are taken in by one sync after it. The
 * drill's own calls (next, line) sync first whenever the deck is behind, so it is never served stale.
 */
export class DrillFollower {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly waiting = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly delayMs = FOLLOW_DELAY_MS,
  ) {}

  follow(userId: number, color: Color): void {
    const key = `${userId}:${color}`;
    clearTimeout(this.waiting.get(key));
    const timer = setTimeout(() => {
      this.waiting.delete(key);
      this.start(key, userId, color);
    }, this.delayMs);
    timer.unref();
    this.waiting.set(key, timer);
  }

  private start(key: string, userId: number, color: Color): void {
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    const run = (async () => {
      do {
        this.again.delete(key);
        await syncDrillAfterStudyChange(this.app, userId, color, true);
        await warmCoverageFigures(this.app, userId, color).catch((error: unknown) =>
          this.app.log.error({ err: error }, 'working out the coverage figures failed'),
        );
      } while (this.again.has(key));
    })().finally(() => this.running.delete(key));
    this.running.set(key, run);
  }

  /** The app closing: syncs not started are left to the drill's next call; those under way finish. */
  async settle(): Promise<void> {
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    this.again.clear();
    await Promise.allSettled([...this.running.values()]);
  }
}
