import type { Hole } from '../../../../chess/coverage-walk';
import { positionKey } from '../../../../chess/fen';
import type { Repertoire } from '../../../../chess/repertoire';
import { playDraggedMove, type PromotionRole } from '../../../components/board-moves';
import type { OpeningCardPosition } from './card-from-comparison';

const PROMOTIONS: Record<string, PromotionRole> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

/** The position after the hole's move (the opponent's), as a full FEN; undefined if the move cannot be played. */
export function fenAfterHole(hole: Hole): string | undefined {
  const played = playDraggedMove(hole.fen, hole.uci.slice(0, 2), hole.uci.slice(2, 4), PROMOTIONS[hole.uci[4] ?? 'q']);
  return played.ok ? played.move.fen : undefined;
}

/** "about 1 in 37 games" from a reach in 0..1. */
export function aboutOneIn(reach: number): string {
  if (reach <= 0) return 'almost never';
  const n = Math.max(1, Math.round(1 / reach));
  return `about 1 in ${n.toLocaleString('en-US')} games`;
}

/**
 * A flashcard for a hole: the prompt is the position after the opponent's move, the answer is left
 * for the player to fill in (the repertoire has no move there yet).
 */
export function cardFromHole(
  hole: Hole,
  orientation: 'white' | 'black',
  openingName?: string,
): OpeningCardPosition | undefined {
  const fen = fenAfterHole(hole);
  if (!fen) return undefined;
  const name = openingName ? `${openingName}: ` : '';
  return {
    promptFen: fen,
    orientation,
    prompt: `${name}what do you play after ${hole.line}? (${aboutOneIn(hole.reach)})`,
    answer: '',
    answerFen: fen,
    promptPgn: hole.line,
    answerPgn: hole.line,
  };
}

/** True when the position after the hole's move is one the repertoire answers (reached by transposition). */
export function isRepertoirePosition(rep: Repertoire | undefined, fen: string | undefined): boolean {
  if (!rep || !fen) return false;
  const p = rep.positions.get(positionKey(fen));
  return p !== undefined && p.turn === rep.color && p.moves.length > 0;
}
