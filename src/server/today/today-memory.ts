import type { Scheduler } from '../../chess/scheduling.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What Today and the schedulers keep between calls in this app. */
    todayMemory: TodayMemory;
  }
}

/** What Today and the review schedulers keep between calls, one per app (plugins/app-memory.ts). */
export class TodayMemory {
  /** Background fetches of new games still running (awaited when the app closes). */
  readonly gameChecks = new Set<Promise<void>>();
  /** Schedulers built from stored weights, by use and weights (a few hundred numbers each). */
  readonly schedulers = new Map<string, Scheduler>();
  /** Day bounds per zone and first day: the same few serve every request of a day. */
  readonly dayBounds = new Map<string, Date[]>();
  /** Each player's open holes, with the key they were counted for. */
  readonly openHoles = new Map<number, { key: string; open: number }>();
}
