// The last card list sent to each player, kept compressed and named by the player's cards version
// (users.cards_version, bumped in the same transaction as every card change). A list asked again
// while unchanged is sent from memory: no 2.6 MB read from the database and no compression. Another
// process's change bumps the version in the database, so a stale list is never served.
import { LRUCache } from 'lru-cache';

/** Compressed bytes kept in all (a 5,000-card list takes about 65 KB). */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: number;
  body: Buffer;
}

export class CardListCache {
  /** Least recently used lists go first once the compressed bytes pass the bound. */
  readonly #entries: LRUCache<number, Entry>;

  constructor(readonly maxBytes = DEFAULT_MAX_BYTES) {
    this.#entries = new LRUCache<number, Entry>({
      maxSize: maxBytes,
      // lru-cache refuses a size of 0; an empty list still costs its entry.
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** The player's list at this version, if kept. */
  findList(userId: number, version: number): Buffer | undefined {
    const entry = this.#entries.get(userId);
    return entry?.version === version ? entry.body : undefined;
  }

  /** Keeps the player's list in place of any older one, dropping the least recently used past the bound. */
  keepList(userId: number, version: number, body: Buffer): void {
    // A slower request that read an older version does not replace a newer list.
    if ((this.#entries.peek(userId)?.version ?? -1) > version) return;
    this.#entries.delete(userId);
    // lru-cache leaves out an entry larger than maxSize by itself.
    this.#entries.set(userId, { version, body });
  }
}
