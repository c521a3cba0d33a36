import type { FastifyInstance } from 'fastify';
import {
  CoverageWalk,
  coveragePositions,
  coverageReportSteps,
  holesOfReport,
  sameShownHoles,
  type CoveragePosition,
  type CoverageWalkSnapshot,
  type Hole,
  type PositionStats,
  type Repertoire,
} from '../../chess/index.js';
import type { ExplorerClient } from '../sites/explorer.js';
import { NO_TOKEN_MESSAGE } from '../sites/explorer.js';
import { fetchStats, isFresh } from './explorer-cache.js';
import { readCachedStatsWithAge } from './position-stats-repository.js';
import { LoopTurn, settleSteps } from '../loop-turn.js';
import { SORRY_PREFIX } from './opening-input.js';
import type { StatsFilter } from './stats-key.js';

/**
 * One coverage check, best first: the chess core's walk names the next position (highest reach);
 * a fresh cached answer takes its turn without a call, anything else is asked of the explorer (an
 * answer older than 30 days is refreshed, and used as it is when the refresh fails). Every lookup
 * that changes the likeliest holes is reported as it happens.
 */

/** How many holes the live events carry. */
export const LIVE_HOLES = 20;

export interface CoverageProgress {
  /** Positions whose statistics are known (cached or fetched). */
  done: number;
  total: number;
}

export interface CoverageListener {
  progress(progress: CoverageProgress): void;
  holes(snapshot: CoverageWalkSnapshot): void;
  /** After every lookup, changed or not. */
  step?(snapshot: CoverageWalkSnapshot): void;
}

export interface CoverageOutcome {
  /** Report text, or the message saying why there is none. */
  results: string;
  /** The report's positions in report order (chess core CoveragePosition). */
  report: CoveragePosition[];
  /** All holes, likeliest first. */
  holes: Hole[];
  /** The walk when the check ended. */
  snapshot: CoverageWalkSnapshot;
  /** Explorer calls made by this check. */
  fetched: number;
  /** The answers the walk used, by position key (each stored in, or read from, the shared cache). */
  stats: ReadonlyMap<string, PositionStats>;
  /** 'done' when every position was looked up; 'stopped' when asked to stop; 'failed' on an explorer failure. */
  status: 'done' | 'stopped' | 'failed';
}

export async function runCoverageCheck(
  app: FastifyInstance,
  explorer: ExplorerClient,
  rep: Repertoire,
  filter: StatsFilter,
  listener: CoverageListener,
  signal?: AbortSignal,
): Promise<CoverageOutcome> {
  const walk = new CoverageWalk(rep);
  const keys = coveragePositions(rep).map((p) => p.key);
  const now = new Date();
  const cached = await readCachedStatsWithAge(app.db, keys, filter);
  const stats = new Map<string, PositionStats>();
  // What the cache already answers counts as known (a stale answer is still an answer).
  let known = cached.size;
  listener.progress({ done: known, total: walk.total });

  let fetched = 0;
  let last: CoverageWalkSnapshot | undefined;
  const end = async (status: CoverageOutcome['status'], message?: string): Promise<CoverageOutcome> => {
    const report = await settleSteps(coverageReportSteps(rep, stats));
    const holes = holesOfReport(report);
    const snapshot = walk.snapshot(LIVE_HOLES);
    if (status === 'done')
      return { results: report.text, report: report.positions, holes, snapshot, fetched, stats, status };
    if (status === 'stopped') {
      const results = `Stopped after ${walk.done} of ${walk.total} positions; the holes found so far are listed.\n\n${report.text}`;
      return { results, report: report.positions, holes: walk.holes, snapshot, fetched, stats, status };
    }
    // No token is a setting to fix, not a fault: say so plainly.
    const results = message === NO_TOKEN_MESSAGE ? NO_TOKEN_MESSAGE : `${SORRY_PREFIX}${message}`;
    return { results, report: [], holes: walk.holes, snapshot, fetched, stats, status };
  };

  const turn = new LoopTurn();
  for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
    // Cached answers cost no call: without this, a fully cached walk would hold the event loop.
    await turn.yieldIfDue();
    if (signal?.aborted) return end('stopped');
    const hit = cached.get(next.key);
    let record = hit && isFresh(hit, now) ? hit.record : undefined;
    if (!record) {
      const one = await fetchStats(app, explorer, next.key, filter);
      if (one.fetched) fetched += 1;
      if (one.ok) record = one.record;
      else if (hit)
        record = hit.record; // the old answer serves when the refresh fails
      else return end('failed', one.error);
      if (!hit) listener.progress({ done: ++known, total: walk.total });
    }
    stats.set(next.key, record);
    walk.addStats(next.key, record);
    const snapshot = walk.snapshot(LIVE_HOLES);
    if (!sameShownHoles(last, snapshot)) listener.holes(snapshot);
    last = snapshot;
    listener.step?.(snapshot);
  }
  return end('done');
}
