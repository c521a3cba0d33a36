// A player's requests start one a turn of the event loop: a burst from one player (thirty explorer
// look-ups at once) is then read a request a turn, with other players' requests between them, instead
// of all thirty in one turn while everyone else waits.
import { setImmediate as nextTurn } from 'node:timers/promises';

export class PlayerStarts {
  /** By player, when their latest request may start. */
  private readonly latest = new Map<number, Promise<void>>();

  /** Players with a request still to start or started in the last turn. */
  get players(): number {
    return this.latest.size;
  }

  /** Resolves a turn after the player's previous request started (at once but for that turn if none is waiting). */
  take(userId: number): Promise<void> {
    const mine = (this.latest.get(userId) ?? Promise.resolve())
      .then(() => nextTurn())
      .then(() => {
        if (this.latest.get(userId) === mine) this.latest.delete(userId);
      });
    this.latest.set(userId, mine);
    return mine;
  }
}
