import { useState } from 'react';
import type { Card } from '@contract/cards';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/api-client';
import { useDiscardQuestion } from '../../../lib/unsaved-guard';
import { newCardId, useUpsertCards } from '../api/upsert-cards';
import { type CardEditorInitial, initialDraft, isBlankDraft, isDraftChanged, toCardDraft } from '../card-draft';
import { CardFields } from './card-fields';
import '../cards.css';

export type CardEditorProps = {
  /** The position and texts to start from, e.g. the game review's current position and the player's colour. */
  initial: CardEditorInitial;
  /** Called on Cancel, Escape, the close button (after asking when something was typed), and after a successful save. */
  onClose: () => void;
  /** Called with the card as stored, before onClose. */
  onSaved?: (card: Card) => void;
  /** Fades the editor out when false; it opens when mounted. */
  open?: boolean;
};

const DISCARD_CARD = { question: 'Discard this card?', detail: 'What you typed and played will be lost.' };

/** The full-screen card editor: Prompt and Answer, two playable boards, '->', Cancel and 'Make Card'. */
export function CardEditor({ initial, onClose, onSaved, open = true }: CardEditorProps) {
  const [start] = useState(() => initialDraft(initial));
  const [state, setState] = useState(start);
  const [id] = useState(newCardId);
  const save = useUpsertCards();
  const blank = isBlankDraft(state);
  const discard = useDiscardQuestion(DISCARD_CARD);
  const cancel = () => discard.ask(isDraftChanged(state, start), onClose);

  const makeCard = () => {
    save.mutate([toCardDraft(state, id)], {
      onSuccess: ([card]) => {
        onSaved?.(card);
        onClose();
      },
      onError: (error) => console.error('Saving the card failed', error),
    });
  };

  return (
    <>
      <Modal
        open={open}
        onClose={cancel}
        title="Make Card"
        size="full"
        closeOnBackdrop={false}
        footer={
          <>
            {save.isError && (
              <p className="form-message is-error editor-message" role="alert">
                The card was not saved: {errorText(save.error)}
              </p>
            )}
            {blank && (
              <p className="muted editor-message">Type a prompt or play a move on the prompt board to make a card.</p>
            )}
            <button type="button" className="button" onClick={cancel}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={save.isPending || blank}
              onClick={makeCard}
            >
              {save.isPending ? 'Saving…' : 'Make Card'}
            </button>
          </>
        }
      >
        <CardFields state={state} onChange={setState} promptLabel="Prompt" boardId="card-editor" />
      </Modal>
      {discard.dialog}
    </>
  );
}
