// Shortest ways into the positions of a repertoire, found breadth first and held by index: what the
// edited PGN's additions chapter is written along.
import type { Repertoire, RepertoireMove } from './repertoire.js';

/** Entries a map of KeyIndex holds before the next is started. */
const KEYS_PER_MAP = 32_768;

/**
 * Numbers by key, in maps of at most KEYS_PER_MAP entries: one Map of 100,000 keys grows by rehashing
 * 65,536 entries at once (5 ms, a stall for every other request); these never rehash more than half
 * as many. Asking looks in each map (three or four for a large repertoire).
 */
class KeyIndex {
  private readonly maps = [new Map<string, number>()];

  get(key: string): number | undefined {
    for (const map of this.maps) {
      const value = map.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: number): void {
    let last = this.maps[this.maps.length - 1];
    if (last.size >= KEYS_PER_MAP) this.maps.push((last = new Map()));
    last.set(key, value);
  }
}

/**
 * Shortest ways in, breadth first from each root: the positions in the order reached, each with the
 * index of the one it is reached from (-1 at a root) and the move played there. Arrays by index, so a
 * position reached costs no object of its own.
 */
export class ShortestWays {
  readonly index = new KeyIndex();
  readonly keys: string[] = [];
  readonly from: number[] = [];
  readonly moves: (RepertoireMove | undefined)[] = [];

  /** Adds the positions reachable from `root` not reached yet; pauses (yields) every `perStep` positions. */
  *reach(rep: Repertoire, root: string, perStep: number): Generator<undefined> {
    if (this.index.has(root) || !rep.positions.has(root)) return;
    this.add(root, -1, undefined);
    for (let i = this.keys.length - 1; i < this.keys.length; i++) {
      if (i % perStep === perStep - 1) yield undefined;
      for (const m of rep.positions.get(this.keys[i])!.moves) if (!this.index.has(m.to)) this.add(m.to, i, m);
    }
  }

  private add(key: string, from: number, move: RepertoireMove | undefined): void {
    this.index.set(key, this.keys.length);
    this.keys.push(key);
    this.from.push(from);
    this.moves.push(move);
  }
}
