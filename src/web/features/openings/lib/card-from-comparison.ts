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

/**
 * True when the comparison gives the player a question: a move of theirs the repertoire has (they left
 * it, or the game ended on their turn), or an opponent's move the repertoire has no answer to.
 */
export const canMakeCard = (c: GameComparison) =>
  c.side === 'player'
    ? (c.outcome === 'left' || c.outcome === 'game_ended') && c.repertoireMoves.length > 0
    : c.outcome === 'left' && c.played !== undefined;

const moveLabel = (c: GameComparison, san: string) => `${c.moveNumber}${c.turn === 'white' ? '.' : '...'} ${san}`;

/**
 * A flashcard from where the game left the repertoire. Where the player left it: the prompt board is
 * that position, the answer board shows the repertoire's (first) move played, the answer text lists all.
 * Where the opponent left it: the prompt board is the position after the opponent's new move and the
 * answer is left for the player to fill in (the repertoire's moves there are the opponent's, not theirs).
 */
export function cardFromComparison(c: GameComparison, orientation: 'white' | 'black'): OpeningCardPosition | undefined {
  if (!canMakeCard(c)) return undefined;
  if (c.side === 'opponent') return opponentCard(c, orientation);
  const first = c.repertoireMoves[0];
  const played = playDraggedMove(c.fen, first.uci.slice(0, 2), first.uci.slice(2, 4), PROMOTIONS[first.uci[4] ?? 'q']);
  const sans = c.repertoireMoves.map((m) => moveLabel(c, m.san)).join(', ');
  // What the study says about each move goes with the answer, as the drill shows it.
  const words = c.repertoireMoves
    .filter((m) => m.comment)
    .map((m) => (c.repertoireMoves.length > 1 ? ` ${m.san}: ${m.comment}` : ` ${m.comment}`))
    .join('');
  const whose = c.side === 'player' ? 'you' : 'your opponent';
  const deviation = c.played ? ` In ${c.gameName}, ${whose} played ${moveLabel(c, c.played.san)}.` : '';
  // Black's move continues the line as is; a line that starts with Black to move needs its number.
  const step =
    c.turn === 'white' ? `${c.moveNumber}. ${first.san}` : c.line ? first.san : `${c.moveNumber}... ${first.san}`;
  return {
    promptFen: c.fen,
    orientation,
    prompt: `${c.openingName}: what does the repertoire play here${c.line ? ` after ${c.line}` : ''}?${deviation}`,
    answer: `The repertoire plays ${sans}.${words}`,
    answerFen: played.ok ? played.move.fen : c.fen,
    promptPgn: c.line,
    answerPgn: c.line ? `${c.line} ${step}` : step,
  };
}

function opponentCard(c: GameComparison, orientation: 'white' | 'black'): OpeningCardPosition | undefined {
  const move = c.played!;
  const played = playDraggedMove(c.fen, move.uci.slice(0, 2), move.uci.slice(2, 4), PROMOTIONS[move.uci[4] ?? 'q']);
  if (!played.ok) return undefined;
  const step =
    c.turn === 'white' ? `${c.moveNumber}. ${move.san}` : c.line ? move.san : `${c.moveNumber}... ${move.san}`;
  const line = c.line ? `${c.line} ${step}` : step;
  return {
    promptFen: played.move.fen,
    orientation,
    prompt: `Your opponent played ${moveLabel(c, move.san)}, which your repertoire does not cover: what do you play? (${c.openingName}, after ${line}, in ${c.gameName})`,
    answer: '',
    answerFen: played.move.fen,
    promptPgn: line,
    answerPgn: line,
  };
}
