import { useEffect, useId, useRef, useState } from 'react';
import type { GameReview } from '@contract/game-reviews';
import { errorText } from '../../../lib/api-client';
import { upsertGameReview, useUpsertGameReview } from '../api/upsert-game-review';

/** Pause in typing after which the notes are saved. */
export const NOTES_SAVE_DELAY_MS = 800;

/**
 * The review's Notes, saved as the player types (after a short pause), when the box loses focus, and
 * on leaving: another screen (unmount) or the page itself (a reload or a closed tab, sent so it
 * outlives the page). Only when changed. Remount per review (key).
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
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    const timer = setTimeout(() => saveRef.current(text), NOTES_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    const reviewId = review.id;
    const leavePage = () => {
      if (latest.current === stored.current) return;
      stored.current = latest.current;
      void upsertGameReview({ id: reviewId, notes: latest.current }, { keepalive: true }).catch(() => undefined);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') leavePage();
    };
    window.addEventListener('pagehide', leavePage);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', leavePage);
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving for another screen before the pause ended.
      leavePage();
    };
  }, [review.id]);

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
