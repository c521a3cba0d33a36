// Card Review lets the player play the answer on the prompt board before revealing it. A move is right
// when it reaches the answer board's position, or when it is the first move the answer's PGN adds
// after the prompt's. Example: prompt 1. e4 (Black to move), answer 1. e4 c5: playing c7-c5 is right.
import type { Card } from '@contract/cards';
import type { BoardMove } from '../../components/board-moves';

export type AnswerVerdict = 'right' | 'wrong' | 'unknown';

// Piece placement, side to move and castling rights: what makes two positions the same here.
const positionOf = (fen: string) => fen.split(' ').slice(0, 3).join(' ');

const sans = (pgn: string) =>
  pgn
    .replace(/\{[^}]*\}/g, ' ')
    .split(/\s+/)
    .filter((token) => token !== '' && !/^\d+\.+$/.test(token) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token))
    .map((token) => token.replace(/^\d+\.+/, '').replace(/[!?+#]+$/, ''));

/** Right or wrong; 'unknown' when the card's answer board shows no move from the prompt position. */
export function judgeAnswerMove(
  card: Pick<Card, 'prompt_fen' | 'answer_fen' | 'prompt_pgn' | 'answer_pgn'>,
  move: BoardMove,
): AnswerVerdict {
  if (positionOf(move.fen) === positionOf(card.answer_fen)) return 'right';
  const promptMoves = sans(card.prompt_pgn);
  const answerMoves = sans(card.answer_pgn);
  const extends_ = promptMoves.every((san, i) => answerMoves[i] === san);
  const next = extends_ ? answerMoves[promptMoves.length] : undefined;
  if (next !== undefined) return next === move.san.replace(/[!?+#]+$/, '') ? 'right' : 'wrong';
  return positionOf(card.answer_fen) === positionOf(card.prompt_fen) ? 'unknown' : 'wrong';
}
