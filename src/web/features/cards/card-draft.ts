// The editor's working copy of a card: texts, orientation, and for each board its start position
// plus the moves played on it. Example: after dragging e2-e4 on a prompt board that started at the
// initial position, toCardDraft(...).prompt_fen is the position after 1. e4 and prompt_pgn is '1. e4'.
import { makeLinePgn } from '../../../chess/pgn-write';
import type { Card } from '@contract/cards';
import type { Orientation } from '../../../chess/scheduling-types';
import { START_FEN, type BoardMove, type PromotionRole } from '../../components/board-moves';
import type { CardDraft } from './api/upsert-cards';

/** Where a board started and the legal moves played on it since. */
export type BoardLine = { start: string; moves: BoardMove[] };

/** What the card editor opens with; only the prompt position and orientation are needed. */
export type CardEditorInitial = {
  /** Full FEN of the position the question is about. */
  promptFen: string;
  /** The side at the bottom of both boards, usually the player's colour. */
  orientation: Orientation;
  prompt?: string;
  answer?: string;
  /** Full FEN of the answer board; the prompt position when left out. */
  answerFen?: string;
  /** Moves that led to the prompt position, e.g. the game so far. */
  promptPgn?: string;
  answerPgn?: string;
};

export type DraftState = {
  prompt: string;
  answer: string;
  orientation: Orientation;
  promotion: PromotionRole;
  promptLine: BoardLine;
  answerLine: BoardLine;
  /** PGN that led to the prompt board's start. */
  promptPgn: string;
  /** PGN kept for the answer while no move is played on its board. */
  answerPgn: string;
};

export const lineFen = (line: BoardLine): string => line.moves.at(-1)?.fen ?? line.start;
export const lineText = (line: BoardLine): string =>
  makeLinePgn(
    line.start,
    line.moves.map((m) => m.san),
  );

export function initialDraft(initial: CardEditorInitial): DraftState {
  return {
    prompt: initial.prompt ?? '',
    answer: initial.answer ?? '',
    orientation: initial.orientation,
    promotion: 'queen',
    promptLine: { start: initial.promptFen, moves: [] },
    answerLine: { start: initial.answerFen ?? initial.promptFen, moves: [] },
    promptPgn: initial.promptPgn ?? '',
    answerPgn: initial.answerPgn ?? '',
  };
}

export function draftFromCard(card: Card): DraftState {
  return initialDraft({
    promptFen: card.prompt_fen,
    orientation: card.orientation,
    prompt: card.prompt,
    answer: card.answer,
    answerFen: card.answer_fen,
    promptPgn: card.prompt_pgn,
    answerPgn: card.answer_pgn,
  });
}

/** The '->' button: the answer board restarts from the prompt board's position. */
export function copyPromptToAnswer(state: DraftState): DraftState {
  return { ...state, answerLine: { start: lineFen(state.promptLine), moves: [] }, answerPgn: '' };
}

export function toCardDraft(state: DraftState, id: string): CardDraft {
  return {
    id,
    prompt: state.prompt.trim(),
    answer: state.answer.trim(),
    orientation: state.orientation,
    prompt_fen: lineFen(state.promptLine),
    prompt_pgn: joinMovetext(state.promptPgn, lineText(state.promptLine)),
    answer_fen: lineFen(state.answerLine),
    answer_pgn: state.answerLine.moves.length > 0 ? lineText(state.answerLine) : state.answerPgn,
  };
}

/** Appends moves to a PGN, dropping a game result that would otherwise end it early. */
export function joinMovetext(pgn: string, moves: string): string {
  const base = pgn.trim().replace(/\s*(1-0|0-1|1\/2-1\/2|\*)$/, '');
  if (!moves) return pgn.trim();
  return base ? `${base} ${moves}` : moves;
}

/** True while the draft would make a blank card: no prompt text and the prompt board at the start. */
export function isBlankDraft(state: DraftState): boolean {
  return state.prompt.trim() === '' && lineFen(state.promptLine) === START_FEN;
}

/** True when the player has typed or played something since `from` (what the editor opened with). */
export function isDraftChanged(state: DraftState, from: DraftState): boolean {
  return (
    state.prompt !== from.prompt ||
    state.answer !== from.answer ||
    state.orientation !== from.orientation ||
    lineFen(state.promptLine) !== lineFen(from.promptLine) ||
    lineFen(state.answerLine) !== lineFen(from.answerLine)
  );
}
