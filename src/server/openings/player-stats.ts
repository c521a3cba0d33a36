import type { StatsRecord } from './position-stats-repository.js';

/**
 * Statistics a player uploads (update_stats) are theirs alone: they go to user_position_stats keyed by
 * the player (player-stats-repository.ts), never to the shared position_stats cache, which only the
 * server's explorer client writes. Otherwise one player's forged numbers would show in every player's
 * coverage.
 */

/** The shared records with the player's own in place of any for the same position. */
export function overlayPlayerStats(shared: readonly StatsRecord[], own: readonly StatsRecord[]): StatsRecord[] {
  const mine = new Set(own.map((r) => r.fen));
  return [...shared.filter((r) => !mine.has(r.fen)), ...own];
}
