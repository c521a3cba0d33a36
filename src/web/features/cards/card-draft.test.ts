import { describe, expect, test } from 'vitest';
import { playDraggedMove, START_FEN } from '../../components/board-moves';
import {
  copyPromptToAnswer,
  initialDraft,
  isBlankDraft,
  isDraftChanged,
  joinMovetext,
  lineFen,
  toCardDraft,
  type DraftState,
} from './card-draft';

const play = (state: DraftState, board: 'promptLine' | 'answerLine', from: string, to: string): DraftState => {
  const attempt = playDraggedMove(lineFen(state[board]), from, to, state.promotion);
  if (!attempt.ok) throw new Error(attempt.error);
  return { ...state, [board]: { ...state[board], moves: [...state[board].moves, attempt.move] } };
};

describe('card drafts', () => {
  test('a fresh draft has the answer board at the prompt position', () => {
    const draft = toCardDraft(initialDraft({ promptFen: START_FEN, orientation: 'white' }), 'id1');
    expect(draft).toEqual({
      id: 'id1',
      prompt: '',
      answer: '',
      orientation: 'white',
      prompt_fen: START_FEN,
      prompt_pgn: '',
      answer_fen: START_FEN,
      answer_pgn: '',
    });
  });

  test('moves on the answer board become its FEN and numbered movetext', () => {
    let state = initialDraft({ promptFen: START_FEN, orientation: 'black', prompt: ' Best start? ' });
    state = play(state, 'answerLine', 'e2', 'e4');
    state = play(state, 'answerLine', 'c7', 'c5');
    const draft = toCardDraft(state, 'x');
    expect(draft.prompt).toBe('Best start?');
    expect(draft.answer_pgn).toBe('1. e4 c5');
    expect(draft.answer_fen).toBe('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(draft.prompt_fen).toBe(START_FEN);
  });

  test('moves on the prompt board continue the game PGN it came from, without its result', () => {
    const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    let state = initialDraft({ promptFen: afterE4, orientation: 'black', promptPgn: '1. e4 1-0' });
    state = play(state, 'promptLine', 'e7', 'e5');
    expect(toCardDraft(state, 'x').prompt_pgn).toBe('1. e4 1... e5');
  });

  test("'->' restarts the answer board from the prompt board's position", () => {
    let state = initialDraft({ promptFen: START_FEN, orientation: 'white', answerPgn: '1. d4' });
    state = play(state, 'promptLine', 'g1', 'f3');
    state = play(state, 'answerLine', 'd2', 'd4');
    state = copyPromptToAnswer(state);
    const draft = toCardDraft(state, 'x');
    expect(draft.answer_fen).toBe(draft.prompt_fen);
    expect(draft.answer_pgn).toBe('');
  });

  test.each([
    ['', '1. e4', '1. e4'],
    ['1. d4 d5', '', '1. d4 d5'],
    ['1. d4 d5 *', '2. c4', '1. d4 d5 2. c4'],
    ['1. d4 d5 1/2-1/2', '2. c4', '1. d4 d5 2. c4'],
  ])('joining %j and %j gives %j', (pgn, moves, joined) => {
    expect(joinMovetext(pgn, moves)).toBe(joined);
  });
});

describe('blank and changed drafts', () => {
  const fresh = initialDraft({ promptFen: START_FEN, orientation: 'white' });

  test('a draft with no prompt at the start position is blank; a prompt or a move makes it a card', () => {
    expect(isBlankDraft(fresh)).toBe(true);
    expect(isBlankDraft({ ...fresh, prompt: '   ' })).toBe(true);
    expect(isBlankDraft({ ...fresh, prompt: 'Best start?' })).toBe(false);
    expect(isBlankDraft(play(fresh, 'promptLine', 'e2', 'e4'))).toBe(false);
    expect(
      isBlankDraft(
        initialDraft({ promptFen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', orientation: 'white' }),
      ),
    ).toBe(false);
  });

  test('typing or playing changes a draft; an untouched one is not changed', () => {
    expect(isDraftChanged(fresh, fresh)).toBe(false);
    expect(isDraftChanged({ ...fresh, prompt: 'x' }, fresh)).toBe(true);
    expect(isDraftChanged({ ...fresh, answer: 'y' }, fresh)).toBe(true);
    expect(isDraftChanged(play(fresh, 'answerLine', 'd2', 'd4'), fresh)).toBe(true);
    expect(isDraftChanged({ ...fresh, promotion: 'knight' }, fresh)).toBe(false);
  });
});
