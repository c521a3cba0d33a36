import type { Repertoire } from '../../chess/repertoire.js';
import type { StatsRecord } from './explorer-cache.js';
import type { StatsFilter } from './stats-key.js';

// Placeholder until the chess core's coverage lands.
export function coveragePositionFens(rep: Repertoire): string[] {
  return [...rep.positions.values()].filter((p) => p.turn !== rep.color).map((p) => p.fen);
}

export function buildCoverage(_rep: Repertoire, _stats: Map<string, StatsRecord>, _filter: StatsFilter): { text: string; report: unknown[] } {
  return { text: '', report: [] };
}
