import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { START_FEN } from '../../../components/board';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useDiscardQuestion, useUnsavedGuard, type DiscardWords } from '../../../lib/unsaved-guard';
import { useCards } from '../api/get-cards';
import { useDeleteCards } from '../api/delete-cards';
import { useNow } from '../use-now';
import { CardEditPanel } from './card-edit-panel';
import { CardEditor } from './card-editor';
import { CardList } from './card-list';
import '../cards.css';
import { plural } from '../../../lib/plural';

const UNSAVED_CARD: DiscardWords = { question: 'Discard the changes to this card?', detail: 'They are not saved yet.' };

/** Edit Cards: the 'SP Cards:' list, 'Create New Card', 'Delete Checked', and the selected card's editor. */
export function EditCardsScreen() {
  usePageTitle('Edit Cards');
  const cards = useCards();
  const remove = useDeleteCards();
  const now = useNow(30_000);
  // ?card=<id> opens that card (Progress links its leeches here).
  const [params] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string | undefined>(() => params.get('card') ?? undefined);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [dirty, setDirty] = useState(false);
  const leaving = useUnsavedGuard(dirty, UNSAVED_CARD);
  const discard = useDiscardQuestion(UNSAVED_CARD);
  const select = (id: string | undefined) => {
    if (id === selectedId) return;
    discard.ask(dirty, () => {
      setDirty(false);
      setSelectedId(id);
    });
  };

  const list = cards.data ?? [];
  const selected = list.find((card) => card.id === selectedId);
  const checkedIds = list.filter((card) => checked.has(card.id)).map((card) => card.id);

  const [asking, setAsking] = useState<string>();
  const askToDelete = () => {
    const count = checkedIds.length;
    setAsking(`Delete ${plural(count, 'card')}?`);
  };
  const deleteChecked = () => {
    setAsking(undefined);
    remove.mutate(checkedIds, {
      onSuccess: (deleted) => {
        setChecked(new Set());
        if (selectedId && deleted.includes(selectedId)) setSelectedId(undefined);
      },
      onError: (error) => console.error('Deleting cards failed', error),
    });
  };

  return (
    <section className="page cards-page edit-cards" aria-labelledby="edit-cards-title">
      <h1 id="edit-cards-title">Edit Cards</h1>
      <div className="edit-cards-list card">
        <div className="edit-cards-toolbar">
          <h2 id="sp-cards-title">SP Cards:</h2>
          <span className="muted count">{plural(list.length, 'card')}</span>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Create New Card
          </button>
          <button
            type="button"
            className="button"
            disabled={checkedIds.length === 0 || remove.isPending}
            onClick={askToDelete}
          >
            {remove.isPending ? 'Deleting…' : 'Delete Checked'}
            {checkedIds.length > 0 && !remove.isPending && <span className="badge">{checkedIds.length}</span>}
          </button>
          <ConfirmDialog
            question={asking}
            detail="This cannot be undone."
            confirmLabel="Delete"
            onCancel={() => setAsking(undefined)}
            onConfirm={deleteChecked}
          />
        </div>
        {remove.isError && (
          <p className="form-message is-error" role="alert">
            Some cards were not deleted: {errorText(remove.error)}
          </p>
        )}
        {cards.isPending && <p className="muted">Loading cards…</p>}
        {cards.isError && (
          <p className="form-message is-error" role="alert">
            Could not load the cards: {errorText(cards.error)}
          </p>
        )}
        {cards.isSuccess && list.length === 0 && (
          <p className="muted empty-note">
            No cards yet. Use 'Create New Card', or 'Make Card' while reviewing a game.
          </p>
        )}
        {list.length > 0 && (
          <CardList
            cards={list}
            selectedId={selectedId}
            checked={checked}
            now={now}
            onSelect={select}
            onCheck={(id, on) =>
              setChecked((previous) => {
                const next = new Set(previous);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
          />
        )}
      </div>
      {selected ? (
        <CardEditPanel key={selected.id} card={selected} onClose={() => select(undefined)} onDirtyChange={setDirty} />
      ) : (
        list.length > 0 && <p className="muted select-hint">Select a card to edit its question, answer and boards.</p>
      )}
      {creating && (
        <CardEditor
          initial={{ promptFen: START_FEN, orientation: 'white' }}
          onClose={() => setCreating(false)}
          onSaved={(card) => select(card.id)}
        />
      )}
      {leaving}
      {discard.dialog}
    </section>
  );
}
