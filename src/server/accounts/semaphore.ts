/** At most `permits` tasks at once; the rest wait in order of arrival. */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly permits: number) {}

  /** Tasks running now (never more than permits). */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a permit. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.permits) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // The permit passes straight to the next waiter, so running stays counted.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
