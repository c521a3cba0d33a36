import { useEffect, useRef, useState } from 'react';
import type { Card } from '@contract/cards';
import { errorText } from '../../../lib/api-client';
import { useUpsertCards } from '../api/upsert-cards';
import { draftFromCard, isDraftChanged, toCardDraft } from '../card-draft';
import { CardFields } from './card-fields';
import { formatDue } from './due-date';
import { plural } from '../../../lib/plural';

/** The selected card's editor: Question, Answer, two boards and 'Save Changes'. Its schedule is kept. */
export function CardEditPanel({
  card,
  onClose,
  onDirtyChange,
}: {
  card: Card;
  onClose: () => void;
  /** Told whether the panel holds edits not saved yet, so the screen can ask before dropping them. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [state, setState] = useState(() => draftFromCard(card));
  // What is stored: the card as opened, then each saved draft.
  const [saved, setSaved] = useState(() => draftFromCard(card));
  const save = useUpsertCards();
  const dirty = isDraftChanged(state, saved);
  const dirtyRef = useRef(onDirtyChange);
  dirtyRef.current = onDirtyChange;
  useEffect(() => dirtyRef.current?.(dirty), [dirty]);
  useEffect(() => () => dirtyRef.current?.(false), []);
  const panel = useRef<HTMLElement>(null);
  // On a phone the editor opens below the list: bring it into view.
  useEffect(() => {
    const top = panel.current?.getBoundingClientRect().top ?? 0;
    if (top > window.innerHeight * 0.6) panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);
  return (
    <section ref={panel} className="card-edit-panel card" aria-labelledby="card-edit-title">
      <header className="card-edit-header">
        <h2 id="card-edit-title">Edit card</h2>
        <p className="muted card-edit-meta">
          Due {formatDue(card.due)} · {plural(card.reps, 'review')} · {plural(card.lapses, 'lapse')}
        </p>
        <button type="button" className="button button-small" onClick={onClose}>
          Close
        </button>
      </header>
      <CardFields state={state} onChange={setState} promptLabel="Question" boardId={`edit-${card.id}`} />
      <div className="card-edit-actions">
        <p className={`form-message${save.isError ? ' is-error' : ' is-success'}`} role="status">
          {save.isError
            ? `Not saved: ${errorText(save.error)}`
            : dirty
              ? 'Unsaved changes'
              : save.isSuccess
                ? 'Changes saved'
                : ''}
        </p>
        <button
          type="button"
          className="button button-primary"
          disabled={save.isPending}
          onClick={() =>
            save.mutate([toCardDraft(state, card.id)], {
              onSuccess: () => setSaved(state),
              onError: (error) => console.error('Saving the card failed', error),
            })
          }
        >
          {save.isPending ? 'Saving…' : 'Save Changes'}
        </button>
      </div>
    </section>
  );
}
