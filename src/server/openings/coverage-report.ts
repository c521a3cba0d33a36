import { coveragePositions, coverageReport, type CoverageReport, type Repertoire } from '../../chess/index.js';
import type { StatsRecord } from './explorer-cache.js';

/** The positions a coverage check needs statistics for: opponent to move, each once. */
export const coveragePositionFens = (rep: Repertoire): string[] => coveragePositions(rep).map((p) => p.fen);

export function buildCoverage(rep: Repertoire, stats: ReadonlyMap<string, StatsRecord>): CoverageReport {
  return coverageReport(rep, stats);
}
