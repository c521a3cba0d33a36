import { useEffect, useId, useRef, useState } from 'react';
import type { GameReview } from '@contract/game-reviews';
import { errorText } from '../../../lib/api-client';
import { useUpsertGameReview } from '../api/upsert-game-review';

/** Pause in typing after which the notes are saved. */
export const NOTES_SAVE_DELAY_MS = 800;

/**
 * The review's Notes, saved as the player types (after a short pause) and when the box loses focus,
 * only when changed, so a reload loses nothing. Remount per review (key).
 */
export function NotesBox({ review }: { review: GameReview }) {
  const [text, setText] = useState(review.notes);
  const save = useUpsertGameReview();
  const id = useId();
  const stored = useRef(review.notes);
  const saveNow = (notes: string) => {
    if (notes === stored.current) return;
    stored.current = notes;
    save.mutate({ id: review.id, notes });
  };
  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;
  useEffect(() => {
    const timer = setTimeout(() => saveRef.current(text), NOTES_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const state = save.isPending
    ? 'Saving…'
    : save.isError
      ? `Not saved: ${errorText(save.error)}`
      : save.isSuccess
        ? 'Saved'
        : '';

  return (
    <div className="field gr-notes">
      <div className="gr-notes-label">
        <label htmlFor={id}>Notes</label>
        <span className={`gr-notes-state${save.isError ? ' is-error' : ''}`} role="status">
          {state}
        </span>
      </div>
      <textarea
        id={id}
        rows={4}
        value={text}
        placeholder="What did you learn from this game?"
        onChange={(event) => setText(event.target.value)}
        onBlur={() => saveNow(text)}
      />
    </div>
  );
}
