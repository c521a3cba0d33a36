import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { WoodpeckerSetSummary } from '@contract/woodpecker';
import { WOODPECKER_MAX_SIZE } from '@contract/woodpecker';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useCreateWoodpeckerSet } from '../api/create-woodpecker-set';
import { useDeleteWoodpeckerSet } from '../api/delete-woodpecker-set';
import { useWoodpeckerSets } from '../api/get-woodpecker-sets';
import { clockText, cycleHeading } from '../lib/cycle-text';
import { WoodpeckerSolver } from './woodpecker-solver';
import '../woodpecker.css';
import { plural } from '../../../lib/plural';

/**
 * Woodpecker: fixed sets of the player's own positions (their games' mistakes, or their cards) solved
 * in cycles, each against a target time half the last, apart from the cards' and drill's schedule.
 */
export function WoodpeckerScreen() {
  usePageTitle('Woodpecker');
  const [params, setParams] = useSearchParams();
  const setId = Number(params.get('set'));
  if (Number.isInteger(setId) && setId > 0)
    return <WoodpeckerSolver setId={setId} onBack={() => setParams(new URLSearchParams())} />;
  return <WoodpeckerSets onOpen={(id) => setParams(new URLSearchParams({ set: String(id) }))} />;
}

function WoodpeckerSets({ onOpen }: { onOpen: (id: number) => void }) {
  const sets = useWoodpeckerSets();
  const remove = useDeleteWoodpeckerSet();
  const [toDelete, setToDelete] = useState<WoodpeckerSetSummary>();
  return (
    <section className="page woodpecker-page" aria-labelledby="woodpecker-title">
      <h1 id="woodpecker-title">Woodpecker</h1>
      <p className="lead">
        Solve one fixed set of your own positions again and again, each cycle in half the time of the last, until the
        right move comes at a glance. Kept apart from your cards&apos; and drill&apos;s schedule.
      </p>
      <CreateSetForm onCreated={onOpen} />
      <h2>Your sets</h2>
      {sets.isPending ? (
        <p className="muted">Loading your sets…</p>
      ) : sets.isError ? (
        <p className="form-message is-error" role="alert">
          Your sets could not be loaded: {errorText(sets.error)}
        </p>
      ) : sets.data.length === 0 ? (
        <p className="muted" data-testid="woodpecker-empty">
          No sets yet: make one above from your mistakes or your cards.
        </p>
      ) : (
        <ul className="woodpecker-sets" data-testid="woodpecker-sets">
          {sets.data.map((set) => (
            <li key={set.id} className="card woodpecker-set-row">
              <div className="woodpecker-set-text">
                <strong className="woodpecker-set-name">{set.name}</strong>
                <span className="muted">
                  {plural(set.size, 'position')} from your {set.source} · {cycleHeading(set.current)} ·{' '}
                  {set.current.attempted} of {set.size} done
                  {set.last &&
                    ` · last cycle ${set.last.correct} of ${set.last.attempted} right in ${clockText(set.last.time_ms)}`}
                </span>
              </div>
              <div className="woodpecker-set-actions">
                <button type="button" className="button button-primary" onClick={() => onOpen(set.id)}>
                  {set.current.attempted > 0 ? 'Go on' : 'Solve'}
                </button>
                <button type="button" className="button" onClick={() => setToDelete(set)}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <p className="form-message is-error" role="alert">
          The set was not deleted: {errorText(remove.error)}
        </p>
      )}
      <ConfirmDialog
        question={toDelete ? `Delete the set “${toDelete.name}”?` : undefined}
        detail="Its cycles and times go with it; your mistakes and cards stay."
        confirmLabel="Delete"
        onCancel={() => setToDelete(undefined)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id);
          setToDelete(undefined);
        }}
      />
    </section>
  );
}

function CreateSetForm({ onCreated }: { onCreated: (id: number) => void }) {
  const create = useCreateWoodpeckerSet();
  const [source, setSource] = useState<'mistakes' | 'cards'>('mistakes');
  const [size, setSize] = useState('20');
  const [name, setName] = useState('');
  const sizeNumber = Number(size);
  const sizeValid = Number.isInteger(sizeNumber) && sizeNumber >= 1 && sizeNumber <= WOODPECKER_MAX_SIZE;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sizeValid) return;
    create.mutate(
      { source, size: sizeNumber, ...(name.trim() ? { name: name.trim() } : {}) },
      { onSuccess: (set) => onCreated(set.id) },
    );
  };

  return (
    <form className="card woodpecker-create" onSubmit={submit} aria-labelledby="woodpecker-create-title">
      <h2 id="woodpecker-create-title">Make a set</h2>
      <fieldset className="woodpecker-source">
        <legend>Positions from</legend>
        <label>
          <input type="radio" name="wp-source" checked={source === 'mistakes'} onChange={() => setSource('mistakes')} />
          My games&apos; mistakes <span className="muted">(with a better move)</span>
        </label>
        <label>
          <input type="radio" name="wp-source" checked={source === 'cards'} onChange={() => setSource('cards')} />
          My cards <span className="muted">(whose answer is one move on)</span>
        </label>
      </fieldset>
      <div className="woodpecker-create-fields">
        <label className="field">
          <span>Positions (1-{WOODPECKER_MAX_SIZE})</span>
          <input
            className="input"
            type="number"
            min={1}
            max={WOODPECKER_MAX_SIZE}
            value={size}
            onChange={(e) => setSize(e.target.value)}
            aria-invalid={!sizeValid}
          />
        </label>
        <label className="field">
          <span>Name (optional)</span>
          <input className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>
      {!sizeValid && (
        <p className="form-message is-error" role="alert">
          A set holds 1 to {WOODPECKER_MAX_SIZE} positions.
        </p>
      )}
      {create.isError && (
        <p className="form-message is-error" role="alert" data-testid="woodpecker-create-error">
          {errorText(create.error)}
        </p>
      )}
      <p className="muted">
        The newest positions are taken, one per position.{' '}
        {source === 'mistakes' ? (
          <>
            Mistakes come from <Link to="/game_review">analysed games</Link>.
          </>
        ) : (
          <>
            Cards are made on <Link to="/manage_cards">Edit Cards</Link>.
          </>
        )}
      </p>
      <button type="submit" className="button button-primary" disabled={!sizeValid || create.isPending}>
        {create.isPending ? 'Making the set…' : 'Make set'}
      </button>
    </form>
  );
}
