/**
 * A repertoire's positions as a shared map below and a small map of changes above: what an edit
 * makes without copying the positions it leaves alone. A repertoire at the edit bound has some 100,000
 * positions; copying their map for every edit cost more than the edit, and its growing and collecting
 * held the server's thread for tens of milliseconds at a time.
 *
 *   const layered = LayeredPositions.over(base.positions);
 *   layered.with(changes) // changes: key -> position, or null for a position taken out
 */
import type { RepertoirePosition } from './repertoire.js';

type Position = RepertoirePosition;
/** A change above the shared map: the position now under the key, or null when it was taken out. */
export type PositionChange = Position | null;

/**
 * Changes kept above the shared map before they are folded into a map of their own: each edit copies
 * the changes made so far (a few thousand entries at most), never the shared map.
 */
export const MAX_CHANGES = 8_192;

/** The position under `key`: its change when there is one, else the shared map's. */
export const positionOver = (
  below: ReadonlyMap<string, Position>,
  changes: ReadonlyMap<string, PositionChange>,
  key: string,
): Position | undefined => {
  const change = changes.get(key);
  return change === undefined ? below.get(key) : (change ?? undefined);
};

/** Whether a position is under `key`, its change counted first. */
export const hasPositionOver = (
  below: ReadonlyMap<string, Position>,
  changes: ReadonlyMap<string, PositionChange>,
  key: string,
): boolean => {
  const change = changes.get(key);
  return change === undefined ? below.has(key) : change !== null;
};

export class LayeredPositions implements ReadonlyMap<string, Position> {
  private constructor(
    /** The shared map, never changed. */
    readonly below: ReadonlyMap<string, Position>,
    /** The changes, never changed once this object is made. */
    readonly changes: ReadonlyMap<string, PositionChange>,
    readonly size: number,
  ) {}

  /** A map's positions with no change yet (a layered map is taken as it is). */
  static over(positions: ReadonlyMap<string, Position>): LayeredPositions {
    if (positions instanceof LayeredPositions) return positions;
    return new LayeredPositions(positions, new Map(), positions.size);
  }

  /** These positions with `changes` applied over them instead of this map's own (the same shared map). */
  with(changes: ReadonlyMap<string, PositionChange>): LayeredPositions {
    let size = this.below.size;
    for (const [key, change] of changes) {
      const below = this.below.has(key);
      if (change === null && below) size--;
      else if (change !== null && !below) size++;
    }
    return new LayeredPositions(this.below, changes, size);
  }

  get(key: string): Position | undefined {
    return positionOver(this.below, this.changes, key);
  }

  has(key: string): boolean {
    return hasPositionOver(this.below, this.changes, key);
  }

  /** The shared map's order, changed positions in place, then positions added in the order they came. */
  *entries(): MapIterator<[string, Position]> {
    const changes = this.changes;
    if (changes.size === 0) {
      yield* this.below.entries();
      return;
    }
    for (const position of this.values()) yield [position.key, position];
  }

  *keys(): MapIterator<string> {
    for (const position of this.values()) yield position.key;
  }

  /** As entries, without an entry array made per position (a position is kept under its own key). */
  *values(): MapIterator<Position> {
    const changes = this.changes;
    if (changes.size === 0) {
      yield* this.below.values();
      return;
    }
    for (const position of this.below.values()) {
      const change = changes.get(position.key);
      if (change === undefined) yield position;
      else if (change !== null) yield change;
    }
    for (const [key, change] of changes) if (change !== null && !this.below.has(key)) yield change;
  }

  [Symbol.iterator](): MapIterator<[string, Position]> {
    return this.entries();
  }

  forEach(
    callback: (value: Position, key: string, map: ReadonlyMap<string, Position>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, position] of this.entries()) callback.call(thisArg, position, key, this);
  }

  get [Symbol.toStringTag](): string {
    return 'LayeredPositions';
  }
}
