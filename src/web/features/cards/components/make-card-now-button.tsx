import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { newCardId, useUpsertCards } from '../api/upsert-cards';
import { initialDraft, toCardDraft, type CardEditorInitial } from '../card-draft';

/** "Make card" that saves the card at once, in one click (the editor is for cards a player writes). */
export function MakeCardNowButton({ initial, label = 'Make card' }: { initial: CardEditorInitial; label?: string }) {
  const save = useUpsertCards();
  const [id] = useState(newCardId);
  return (
    <span className="make-card-now">
      <button
        type="button"
        className="button button-small"
        disabled={save.isPending || save.isSuccess}
        onClick={() => save.mutate([toCardDraft(initialDraft(initial), id)])}
      >
        {save.isSuccess ? 'Card made' : label}
      </button>
      {save.isError && <span role="alert"> {errorText(save.error)}</span>}
    </span>
  );
}
