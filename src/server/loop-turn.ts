// Long CPU work on the server's thread gives the event loop back often, so other players' requests
// are answered between its steps.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Longest stretch of work between two yields to the event loop. Another player's request needs a few
 * turns (reading it, its queries, writing the answer), each waiting for one stretch: at 20 ms a light
 * request waited 60-90 ms behind one heavy one, five times its wait at rest; at 3 ms its median wait
 * during a PGN download was 3 ms, at 1 ms 1-2 ms, with the download no slower (a yield costs microseconds).
 */
export const YIELD_EVERY_MS = 1;

/** Tracks how long the current stretch of work has held the event loop. */
export class LoopTurn {
  private since = performance.now();

  constructor(private readonly everyMs = YIELD_EVERY_MS) {}

  /** Waits for a later turn of the event loop when the current stretch has run its time. */
  async yieldIfDue(): Promise<void> {
    if (performance.now() - this.since < this.everyMs) return;
    await this.yieldNow();
  }

  /** Waits for a later turn at once: before long work that follows other work in the same turn (a request's reads). */
  async yieldNow(): Promise<void> {
    await nextTurn();
    this.since = performance.now();
  }
}

/** Drives a generator that pauses between steps of its work, yielding to the event loop as due. */
export async function settleSteps<T>(steps: Generator<void, T>, turn = new LoopTurn()): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn.yieldIfDue();
  }
}
