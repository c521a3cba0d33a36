// The engine's strength once the explorer runs out: about the player's own, from the rating bands of
// their latest coverage check (the bands the explorer answers at).
//
//   engineEloOf('1600,1800,2000') // 1700
import { clampEngineElo } from '../../../lib/engine/uci-engine';

/** Without any band (no coverage check yet). */
export const DEFAULT_ENGINE_ELO = 1500;

/**
 * A band names the low end of its range (1600: players of 1600 to 1799), so the lowest chosen band plus
 * 100 is a player the repertoire is built against; clamped to what Stockfish accepts (1320..3190).
 */
export function engineEloOf(ratings: string): number {
  const bands = ratings
    .split(',')
    .map((r) => Number(r.trim()))
    .filter((r) => Number.isFinite(r) && r > 0);
  return clampEngineElo(bands.length === 0 ? DEFAULT_ENGINE_ELO : Math.min(...bands) + 100);
}
