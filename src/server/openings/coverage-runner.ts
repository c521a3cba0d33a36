import { type CoveragePosition, type CoverageReport, type Repertoire } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import type { ExplorerClient } from '../sites/explorer.js';
import { NO_TOKEN_MESSAGE } from '../sites/explorer.js';
import { lookupStats, type LookupProgress } from './explorer-cache.js';
import { SORRY_PREFIX } from './opening-input.js';
import type { StatsFilter } from './stats-key.js';
import { buildCoverage, coveragePositionFens } from './coverage-report.js';

/**
 * One coverage check: the explorer statistics of every position with the opponent to move (each
 * distinct position once, cached ones from the database), then the chess core's report.
 */

export interface CoverageOutcome {
  /** Report text, or the message saying why there is none. */
  results: string;
  /** The report's positions in report order (chess core CoveragePosition). */
  report: CoveragePosition[];
  /** Uncovered moves, likeliest first. */
  holes: CoverageReport['holes'];
  /** Explorer calls made by this check. */
  fetched: number;
  ok: boolean;
}

export async function runCoverageCheck(
  db: Db,
  explorer: ExplorerClient,
  rep: Repertoire,
  filter: StatsFilter,
  onProgress: (progress: LookupProgress) => void,
  signal?: AbortSignal,
): Promise<CoverageOutcome> {
  const fens = coveragePositionFens(rep);
  const lookup = await lookupStats(db, explorer, fens, filter, onProgress, signal);
  if (!lookup.ok) {
    // No token is a setting to fix, not a fault: say so plainly.
    const results = lookup.error === NO_TOKEN_MESSAGE ? NO_TOKEN_MESSAGE : `${SORRY_PREFIX}${lookup.error}`;
    return { results, report: [], holes: [], fetched: lookup.fetched, ok: false };
  }
  const report = buildCoverage(rep, lookup.stats);
  return { results: report.text, report: report.positions, holes: report.holes, fetched: lookup.fetched, ok: true };
}
