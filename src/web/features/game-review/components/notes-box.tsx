import { useId, useState } from 'react';
import type { GameReview } from '../../../../server/routes/game-review-schemas';
import { errorText } from '../../../lib/api-client';
import { useUpsertGameReview } from '../api/upsert-game-review';

/** The review's Notes, saved when the box loses focus (only when changed). Remount per review (key). */
export function NotesBox({ review }: { review: GameReview }) {
  const [text, setText] = useState(review.notes);
  const save = useUpsertGameReview();
  const id = useId();

  const state = save.isPending ? 'Saving…' : save.isError ? `Not saved: ${errorText(save.error)}` : save.isSuccess ? 'Saved' : '';

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
        onBlur={() => {
          if (text !== (save.data?.notes ?? review.notes)) save.mutate({ id: review.id, notes: text });
        }}
      />
    </div>
  );
}
