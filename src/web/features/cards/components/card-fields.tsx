import { useId, type Dispatch, type SetStateAction } from 'react';
import { type DraftState, copyPromptToAnswer } from '../card-draft';
import { BoardPanel } from './board-panel';
import { PromotionChoice } from './promotion-choice';
import '../card-fields.css';

export type CardFieldsProps = {
  state: DraftState;
  onChange: Dispatch<SetStateAction<DraftState>>;
  /** 'Prompt' in the card editor, 'Question' on the edit screen. */
  promptLabel: string;
  /** Prefix for the two board ids (react-chessboard needs distinct ids). */
  boardId: string;
};

/** Texts and the two playable boards of a card, with '->' between them. */
export function CardFields({ state, onChange, promptLabel, boardId }: CardFieldsProps) {
  const promptId = useId();
  const answerId = useId();
  return (
    <div className="card-fields">
      <div className="card-fields-texts">
        <div className="field">
          <label htmlFor={promptId}>{promptLabel}</label>
          <textarea
            id={promptId}
            rows={3}
            value={state.prompt}
            placeholder="What should you find here?"
            onChange={(e) => onChange((s) => ({ ...s, prompt: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor={answerId}>Answer</label>
          <textarea
            id={answerId}
            rows={3}
            value={state.answer}
            placeholder="The move and the idea behind it"
            onChange={(e) => onChange((s) => ({ ...s, answer: e.target.value }))}
          />
        </div>
      </div>
      <div className="card-fields-options">
        <PromotionChoice value={state.promotion} onChange={(promotion) => onChange((s) => ({ ...s, promotion }))} />
        <button
          type="button"
          className="button button-small"
          aria-pressed={state.orientation === 'black'}
          onClick={() => onChange((s) => ({ ...s, orientation: s.orientation === 'white' ? 'black' : 'white' }))}
        >
          Flip boards ({state.orientation} at bottom)
        </button>
      </div>
      <div className="card-fields-boards">
        <BoardPanel
          title={`${promptLabel} board`}
          id={`${boardId}-prompt`}
          line={state.promptLine}
          orientation={state.orientation}
          promotion={state.promotion}
          onLineChange={(promptLine) => onChange((s) => ({ ...s, promptLine }))}
        />
        <div className="card-fields-copy">
          <button
            type="button"
            className="button copy-button"
            title="Copy the prompt board to the answer board"
            aria-label="-> Copy the prompt board to the answer board"
            onClick={() => onChange(copyPromptToAnswer)}
          >
            {'->'}
          </button>
        </div>
        <BoardPanel
          title="Answer board"
          id={`${boardId}-answer`}
          line={state.answerLine}
          orientation={state.orientation}
          promotion={state.promotion}
          onLineChange={(answerLine) => onChange((s) => ({ ...s, answerLine }))}
        />
      </div>
    </div>
  );
}
