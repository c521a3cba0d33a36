// The last card list sent to each player, kept compressed and named by the player's cards version
// (users.cards_version, bumped in the same transaction as every card change). A list asked again
// while unchanged is sent from memory: no 2.6 MB read from the database and no compression. Another
// process's change bumps the version in the database, so a stale list is never served.

/** Compressed bytes kept in all (a 5,000-card list takes about 65 KB). */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: number;
  body: Buffer;
}

export class CardListCache {
  /** Oldest use first: a Map keeps insertion order, and a hit is moved to the end. */
  readonly #entries = new Map<number, Entry>();
  #bytes = 0;

  constructor(readonly maxBytes = DEFAULT_MAX_BYTES) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The player's list at this version, if kept. */
  findList(userId: number, version: number): Buffer | undefined {
    const entry = this.#entries.get(userId);
    if (!entry || entry.version !== version) return undefined;
    this.#entries.delete(userId);
    this.#entries.set(userId, entry);
    return entry.body;
  }

  /** Keeps the player's list in place of any older one, dropping the least recently used past the bound. */
  keepList(userId: number, version: number, body: Buffer): void {
    // A slower request that read an older version does not replace a newer list.
    if ((this.#entries.get(userId)?.version ?? -1) > version) return;
    this.#drop(userId);
    if (body.length > this.maxBytes) return;
    this.#entries.set(userId, { version, body });
    this.#bytes += body.length;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(userId: number): void {
    const entry = this.#entries.get(userId);
    if (!entry) return;
    this.#entries.delete(userId);
    this.#bytes -= entry.body.length;
  }
}
