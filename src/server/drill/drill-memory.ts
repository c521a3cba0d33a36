import { LRUCache } from 'lru-cache';
import type { DrillTrap, MoveComment } from '@contract/drill.js';
import type { Repertoire, RepertoirePosition } from '../../chess/index.js';
import type { DrillItemRow } from './drill-item-payload.js';
import type { KeptRows } from './drill-items-repository.js';
import type { Deck, KnownDeck, ServedDeck } from './drill-source.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the drill keeps between calls in this app. */
    drillMemory: DrillMemory;
  }
}

/**
 * What the drill keeps between calls, one per app (plugins/app-memory.ts): what is worked out once per
 * repertoire (kept while the repertoire lives), and which deck each player's colour was served last.
 */
export class DrillMemory {
  /** The deck of each repertoire, built once. */
  readonly decks = new WeakMap<Repertoire, Promise<Deck>>();
  /** Each chapter's Lichess address, by the study's link. */
  readonly chapterLinks = new WeakMap<Repertoire, Map<string, (string | null)[]>>();
  /** Decks served lately, by study text version, edits and colour. */
  readonly known = new LRUCache<string, KnownDeck>({ max: 5_000 });
  /** The study version and edits each player's colour was last served at, by player and colour. */
  readonly lastServed = new LRUCache<string, ServedDeck>({ max: 5_000 });
  /** What is said about the moves into each position (only annotated moves). */
  readonly notesInto = new WeakMap<Repertoire, Map<string, MoveComment>>();
  /** Opponent-to-move positions where the repertoire has a choice (line mode). */
  readonly choices = new WeakMap<Repertoire, RepertoirePosition[]>();
  /** The rows each player's colour was last served by next, with their versions; bounded by rows. */
  readonly servedRows = new LRUCache<string, KeptRows>({
    max: 5_000,
    maxSize: 10_000,
    sizeCalculation: (rows) => Math.max(1, rows.size),
  });
  /** A served row's item as JSON, with the repertoire and traps it was made from. */
  readonly itemJson = new WeakMap<
    DrillItemRow,
    { rep?: Repertoire; traps?: ReadonlyMap<string, DrillTrap>; json: string }
  >();
}
