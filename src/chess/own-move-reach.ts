import type { Repertoire } from './repertoire.js';

/**
 * How likely a game from the repertoire's starts reaches each position when the player keeps to the
 * repertoire: 1 at a start, an own move keeps it, an opponent move multiplies it by that move's share
 * of the explorer's games there; over several paths the likeliest counts. Where the explorer's answer
 * is not known, the opponent's repertoire moves there share the position evenly (an estimate).
 *
 *   positionReach(rep, (key, uci) => shares.get(key)?.get(uci)) // Map { <start> => 1, <after 1. e4 e5> => 0.45, ... }
 */
export function positionReach(
  rep: Repertoire,
  /** 0..1, or undefined when the explorer's answer for the position is not known. */
  shareOf: (key: string, uci: string) => number | undefined,
): Map<string, number> {
  const reach = new Map<string, number>(rep.roots.map((key) => [key, 1]));
  const queue = [...rep.roots];
  // Relaxed until nothing grows: every factor is at most 1, so a cycle (a repetition) never adds.
  while (queue.length > 0) {
    const key = queue.shift()!;
    const position = rep.positions.get(key);
    const here = reach.get(key) ?? 0;
    if (!position) continue;
    const own = position.turn === rep.color;
    for (const move of position.moves) {
      const share = own ? 1 : (shareOf(key, move.uci) ?? 1 / position.moves.length);
      const next = here * share;
      if (next > (reach.get(move.to) ?? -1)) {
        reach.set(move.to, next);
        queue.push(move.to);
      }
    }
  }
  return reach;
}
