import type { GameComparison } from '../api/opening-checks';

/**
 * The line a comparison is fixed at, as movetext from the start: where the opponent left the
 * repertoire, after their move (the player answers it); where the player left it, before the move.
 */
export function comparisonLine(c: Pick<GameComparison, 'line' | 'side' | 'played' | 'turn' | 'moveNumber'>): string {
  if (c.side !== 'opponent' || !c.played) return c.line;
  const move =
    c.turn === 'white'
      ? `${c.moveNumber}. ${c.played.san}`
      : c.line
        ? c.played.san
        : `${c.moveNumber}... ${c.played.san}`;
  return c.line ? `${c.line} ${move}` : move;
}
