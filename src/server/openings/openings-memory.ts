import { LRUCache } from 'lru-cache';
import type { ConsistencyMemo, OpeningName } from '../../chess/index.js';
import type { LookAheadBatch } from './explorer-ahead.js';
import type { FetchOutcome } from './explorer-cache.js';
import type { KeptOwnGames, OwnGamesVersion } from './own-games.js';
import { newStudyMd5Memo } from './studies-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the opening tools keep between calls in this app. */
    openingsMemory: OpeningsMemory;
  }
}

/**
 * What the opening tools keep between calls, one per app (plugins/app-memory.ts): explorer lookups
 * under way, answers worked out once, and each player's own games counted by position.
 */
export class OpeningsMemory {
  /** Explorer lookups under way by filter and position: checks at once (any player) share one call. */
  readonly statsFetches = new Map<string, Promise<FetchOutcome>>();
  /** Each player's explorer look-ups under way (the look-up route's, not a job's), by player. */
  readonly lookUpsUnderWay = new Map<number, number>();
  /** Each player's batch of positions looked up ahead of the board. */
  readonly lookAheads = new Map<number, LookAheadBatch>();
  /** Positions already checked for consistency: an edited repertoire shares its untouched ones. */
  readonly consistency: ConsistencyMemo = new WeakMap();
  /** md5 of the texts forms sent lately (a repeated check sends the same text). */
  readonly formMd5s = new LRUCache<string, string>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (_, text) => Math.max(1, text.length),
  });
  /** The opening of a position reached by a line, by position and line (lists name the same lines again). */
  readonly openingsByLine = new LRUCache<string, OpeningName>({ max: 20_000 });
  /** Each player's games counted by position, by player and colour. */
  readonly ownGames = new LRUCache<string, KeptOwnGames>({ max: 500 });
  /** Counts being built, by player and colour: a second call waits for the same build. */
  readonly ownGamesBuilding = new Map<string, Promise<KeptOwnGames>>();
  /** The md5 of each player's study per colour, for two seconds (studies-repository.ts). */
  readonly studyMd5s = newStudyMd5Memo();
  /** The version of each player's reviews last read, per colour, and when. */
  readonly ownGamesVersions = new Map<number, OwnGamesVersion>();
}
