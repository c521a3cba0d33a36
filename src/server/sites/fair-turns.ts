/**
 * Turns at one host, shared fairly between the players whose calls wait for it: each owner's calls
 * wait in their own line, in order, and the next turn goes to the waiting owner served longest ago
 * (one never served first). A player who asks for thirty look-ups waits behind their own calls, not
 * in front of everyone else's.
 */
export class FairTurns {
  /** Waiting calls by owner, in the order the owners arrived. */
  private readonly lines = new Map<string, (() => void)[]>();
  /** The turn number each owner was last served at, while it has calls waiting or running. */
  private readonly servedAt = new Map<string, number>();
  private turn = 0;
  private busy = false;

  /** Resolves when it is this call's turn, with the function that ends the turn. */
  take(owner: string): Promise<() => void> {
    return new Promise((resolve) => {
      let ended = false;
      const start = () =>
        resolve(() => {
          if (ended) return;
          ended = true;
          this.next();
        });
      const line = this.lines.get(owner);
      if (line) line.push(start);
      else this.lines.set(owner, [start]);
      if (!this.busy) this.next();
    });
  }

  /** Calls of `owner` waiting for a turn (not counting one running). */
  waiting(owner: string): number {
    return this.lines.get(owner)?.length ?? 0;
  }

  private next(): void {
    let chosen: string | undefined;
    for (const owner of this.lines.keys()) {
      if (chosen === undefined || (this.servedAt.get(owner) ?? -1) < (this.servedAt.get(chosen) ?? -1)) chosen = owner;
    }
    // Owners with nothing waiting are forgotten: their next call counts as a newcomer's.
    for (const owner of this.servedAt.keys()) if (!this.lines.has(owner)) this.servedAt.delete(owner);
    if (chosen === undefined) {
      this.busy = false;
      return;
    }
    const line = this.lines.get(chosen)!;
    const start = line.shift()!;
    if (line.length === 0) this.lines.delete(chosen);
    this.servedAt.set(chosen, this.turn++);
    this.busy = true;
    start();
  }
}
