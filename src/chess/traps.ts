/**
 * Traps: opponent moves at the repertoire's positions that players at the chosen bands play often
 * and lose with: a share of at least 5% and 100 games, after which the player's `scoreLow` is at
 * least 0.60. `punished` when the repertoire answers the move.
 *
 *   findTraps(rep, statsByKey) // [{ line: '1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4', scoreLow: 0.61, punished: false, ... }]
 */
import { computeReach, movesOf, shortestLines, statsTotal, type PositionStats } from './coverage.js';
import type { StatsByKey } from './expected-score.js';
import type { Repertoire } from './repertoire.js';
import { countGames, moveScore, scoreLow } from './wilson.js';

export const TRAP_MIN_SHARE = 0.05;
export const TRAP_MIN_GAMES = 100;
export const TRAP_MIN_SCORE_LOW = 0.6;

export interface Trap {
  /** Movetext from the start through the opponent's move. */
  line: string;
  /** The position before the move. */
  fen: string;
  san: string;
  uci: string;
  /** 0..1: the move's share of the position's games. */
  share: number;
  games: number;
  /** 0..1: the player's score after the move, and its Wilson lower bound. */
  score: number;
  scoreLow: number;
  /** 0..1: how often a game from the start reaches the move; 0 when no line from the start does. */
  reach: number;
  punished: boolean;
}

/** Likeliest first, then by scoreLow, then by line. */
export function findTraps(rep: Repertoire, stats: StatsByKey): Trap[] {
  const reach = computeReach(rep, stats as Map<string, PositionStats>);
  const lines = shortestLines(rep);
  const traps: Trap[] = [];
  for (const p of rep.positions.values()) {
    const s = p.turn === rep.color ? undefined : stats.get(p.key);
    if (!s) continue;
    const total = statsTotal(s);
    for (const m of movesOf(s)) {
      const games = countGames(m);
      const share = total > 0 ? games / total : 0;
      const low = scoreLow(m, rep.color);
      if (share < TRAP_MIN_SHARE || games < TRAP_MIN_GAMES || low < TRAP_MIN_SCORE_LOW) continue;
      const answered = p.moves.find((rm) => rm.uci === m.uci || rm.san === m.san);
      traps.push({
        line: lines.movetextWith(p.key, m.san) ?? m.san,
        fen: p.fen,
        san: m.san,
        uci: m.uci,
        share,
        games,
        score: moveScore(m, rep.color),
        scoreLow: low,
        reach: (reach.get(p.key) ?? 0) * share,
        punished: answered !== undefined && (rep.positions.get(answered.to)?.moves.length ?? 0) > 0,
      });
    }
  }
  return traps.sort(
    (a, b) => b.reach - a.reach || b.scoreLow - a.scoreLow || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0),
  );
}
