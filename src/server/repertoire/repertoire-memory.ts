import { LRUCache } from 'lru-cache';
import type { EditedRepertoire, Repertoire, RepertoireLine } from '../../chess/index.js';
import type { EditedPgn } from './edited-pgn.js';
import type { HeldCoverage } from './coverage-figures.js';
import type { EditedState } from './edited-repertoire.js';
import type { StarterTree } from './starter-tree.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the player's repertoire tools keep between calls in this app. */
    repertoireMemory: RepertoireMemory;
  }
}

/** Of the repertoires held here (bases and what edits added), in positions, like the repertoire cache. */
const MAX_HELD_POSITIONS = Number(process.env.REPERTOIRE_CACHE_POSITIONS) || 120_000;

/**
 * How long a player's coverage answers and the figures worked out from them are kept after their last
 * use (coverage-figures.ts asks whether the answers changed before using them again).
 */
const COVERAGE_KEPT_MS = 30 * 60_000;

/**
 * What the player's repertoire tools keep between calls, one per app (plugins/app-memory.ts): each
 * player's edited repertoires, what is worked out once per repertoire, and pushes under way.
 */
export class RepertoireMemory {
  /** Each player's edited repertoire of a colour, by player and colour. */
  readonly editedStates = new LRUCache<string, EditedState>({
    maxSize: MAX_HELD_POSITIONS,
    // A study larger than the bound counts as the bound: it is still held, alone, as the repertoire cache holds it.
    sizeCalculation: (state) => Math.min(MAX_HELD_POSITIONS, Math.max(1, state.edited.rep.positions.size)),
  });
  /** Stored edit lines as read, by their text. */
  readonly editLines = new LRUCache<string, RepertoireLine>({ max: 20_000 });
  /** Edits applied onto another base of the same study (a form's own exclusions or name). */
  readonly reapplied = new WeakMap<Repertoire, { signature: string; rep: Repertoire }>();
  /** The PGN download of an edited repertoire (bytes and brotli), with the md5 of the study text it was written from. */
  readonly pgnTexts = new WeakMap<EditedRepertoire, { md5: string; pgn: EditedPgn }>();
  /** Positions of the repertoire that have a repertoire move. */
  readonly positionsWithMoves = new WeakMap<Repertoire, number>();
  /** The explorer answers a coverage goal reads and its figures, by player and colour. */
  readonly coverageHeld = new LRUCache<string, HeldCoverage>({ max: 200, ttl: COVERAGE_KEPT_MS });
  /** Starter builds' trees read before they are kept, by player and build, with the save they were read from. */
  readonly starterTrees = new LRUCache<string, StarterTree>({ max: 200 });
}
