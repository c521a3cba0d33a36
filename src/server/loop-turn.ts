// Long CPU work on the server's thread gives the event loop back often, so other players' requests
// are answered between its steps.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/**
 * Longest stretch of work between two yields to the event loop. Another player's request needs a few
 * turns (reading it, its queries, writing the answer), each waiting for one stretch: at 20 ms a light
 * request waited 60-90 ms behind one heavy one, five times its wait at rest; at 3 ms its median wait
 * during a PGN download was 3 ms, at 1 ms 1-2 ms, with the download no slower (a yield costs microseconds).
 */
export const YIELD_EVERY_MS = 1;

/**
 * What paced work rests after each stretch, on a timer rather than at the next turn: it then takes
 * about half of a core. On two cores shared with the database, a PGN written flat out at the edit
 * bound left another player's checks waiting for a core (median 2 ms, p99 1.4-1.6x rest); paced, the
 * download takes twice as long (0.5 s) and the checks keep nearly their speed at rest (median 1 ms,
 * p99 1.1-1.7x).
 */
export const PACED_REST_MS = 1;

const pacing = new AsyncLocalStorage<number>();

/**
 * Runs `work` paced: every LoopTurn made within it (its steps, and those of the calls it makes) rests
 * PACED_REST_MS after each stretch. For long work one player waits on once, such as a download.
 */
export const paced = <T>(work: () => Promise<T>): Promise<T> => pacing.run(PACED_REST_MS, work);

/** Tracks how long the current stretch of work has held the event loop. */
export class LoopTurn {
  private since = performance.now();
  /** What this turn rests after each stretch: PACED_REST_MS when made within paced work, else 0. */
  readonly restMs = pacing.getStore() ?? 0;

  constructor(private readonly everyMs = YIELD_EVERY_MS) {}

  /** Waits for a later turn of the event loop when the current stretch has run its time. */
  async yieldIfDue(): Promise<void> {
    if (performance.now() - this.since < this.everyMs) return;
    await this.yieldNow();
  }

  /** Waits for a later turn at once: before long work that follows other work in the same turn (a request's reads). */
  async yieldNow(): Promise<void> {
    await (this.restMs > 0 ? sleep(this.restMs) : nextTurn());
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
