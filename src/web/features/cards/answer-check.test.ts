import { describe, expect, test } from 'vitest';
import { playDraggedMove, START_FEN } from '../../components/board-moves';
import { judgeAnswerMove } from './answer-check';

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const move = (fen: string, from: string, to: string) => {
  const attempt = playDraggedMove(fen, from, to);
  if (!attempt.ok) throw new Error(attempt.error);
  return attempt.move;
};
const card = { prompt_fen: AFTER_E4, answer_fen: AFTER_C5, prompt_pgn: '1. e4', answer_pgn: '1. e4 c5' };

describe('playing the answer on the prompt board', () => {
  test('the move that reaches the answer board is right', () => {
    expect(judgeAnswerMove(card, move(AFTER_E4, 'c7', 'c5'))).toBe('right');
  });

  test('another move is wrong', () => {
    expect(judgeAnswerMove(card, move(AFTER_E4, 'e7', 'e5'))).toBe('wrong');
  });

  test('the first move of a longer answer line is right', () => {
    const longer = {
      ...card,
      answer_fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
      answer_pgn: '1. e4 c5 2. Nf3',
    };
    expect(judgeAnswerMove(longer, move(AFTER_E4, 'c7', 'c5'))).toBe('right');
    expect(judgeAnswerMove(longer, move(AFTER_E4, 'd7', 'd5'))).toBe('wrong');
  });

  test('a card whose answer board shows no move cannot judge', () => {
    const open = { prompt_fen: START_FEN, answer_fen: START_FEN, prompt_pgn: '', answer_pgn: '' };
    expect(judgeAnswerMove(open, move(START_FEN, 'e2', 'e4'))).toBe('unknown');
  });
});
