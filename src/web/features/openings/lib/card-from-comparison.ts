import { playDraggedMove, type PromotionRole } from '../../../components/board-moves';
import type { GameComparison } from '../api/opening-checks';

/** What the card editor opens with (the app passes it on): the position and the repertoire's answer. */
export type OpeningCardPosition = {
  promptFen: string;
  orientation: 'white' | 'black';
  prompt: string;
  answer: string;
  answerFen: string;
  promptPgn: string;
  answerPgn: string;
};

const PROMOTIONS: Record<string, PromotionRole> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

/** True when the comparison stopped at a position where the repertoire has a move to learn. */
export const canMakeCard = (c: GameComparison) => (c.outcome === 'left' || c.outcome === 'game_ended') && c.repertoireMoves.length > 0;

const moveLabel = (c: GameComparison, san: string) => `${c.moveNumber}${c.turn === 'white' ? '.' : '...'} ${san}`;

/**
 * A flashcard at the position where the game left the repertoire: the prompt board is that
 * position, the answer board shows the repertoire's (first) move played, the answer text lists all.
 */
export function cardFromComparison(c: GameComparison, orientation: 'white' | 'black'): OpeningCardPosition | undefined {
  if (!canMakeCard(c)) return undefined;
  const first = c.repertoireMoves[0];
  const played = playDraggedMove(c.fen, first.uci.slice(0, 2), first.uci.slice(2, 4), PROMOTIONS[first.uci[4] ?? 'q']);
  const sans = c.repertoireMoves.map((m) => moveLabel(c, m.san)).join(', ');
  const whose = c.side === 'player' ? 'you' : 'your opponent';
  const deviation = c.played ? ` In ${c.gameName}, ${whose} played ${moveLabel(c, c.played.san)}.` : '';
  // Black's move continues the line as is; a line that starts with Black to move needs its number.
  const step = c.turn === 'white' ? `${c.moveNumber}. ${first.san}` : c.line ? first.san : `${c.moveNumber}... ${first.san}`;
  return {
    promptFen: c.fen,
    orientation,
    prompt: `${c.openingName}: what does the repertoire play here${c.line ? ` after ${c.line}` : ''}?${deviation}`,
    answer: `The repertoire plays ${sans}.`,
    answerFen: played.ok ? played.move.fen : c.fen,
    promptPgn: c.line,
    answerPgn: c.line ? `${c.line} ${step}` : step,
  };
}
