import { coveragePositions, coverageReport, type CoverageReport } from '../../chess/coverage.js';
import type { Repertoire } from '../../chess/repertoire.js';
import type { StatsRecord } from './explorer-cache.js';

/** The positions a coverage check needs statistics for: opponent to move, each once. */
export const coveragePositionFens = (rep: Repertoire): string[] => coveragePositions(rep).map((p) => p.fen);

export function buildCoverage(rep: Repertoire, stats: ReadonlyMap<string, StatsRecord>): CoverageReport {
  return coverageReport(rep, stats);
}
