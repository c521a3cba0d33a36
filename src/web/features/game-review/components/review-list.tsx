import { useState } from 'react';
import type { GameReview } from '@contract/game-reviews';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { useDeleteGameReviews } from '../api/delete-game-reviews';
import { openingText, playedText, resultText, versusText } from '../review-text';

export type ReviewListProps = {
  reviews: readonly GameReview[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  /** The list could not be loaded (it shows as empty). */
  loadError?: string;
  /** The reviews without an engine analysis; each row says whether it has one once this is known. */
  unanalysedIds?: ReadonlySet<number>;
};

/** 'Existing Game Reviews': newest first, a checkbox per row, and 'Delete Checked Items'. */
export function ReviewList({ reviews, selectedId, onSelect, loadError, unanalysedIds }: ReviewListProps) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<string>();
  const remove = useDeleteGameReviews();
  const present = new Set(reviews.map((r) => r.id));
  const checkedIds = [...checked].filter((id) => present.has(id));

  const toggle = (id: number) =>
    setChecked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="gr-reviews" aria-labelledby="gr-reviews-title">
      <div className="gr-reviews-head">
        <h2 id="gr-reviews-title">Existing Game Reviews</h2>
        <button
          type="button"
          className="button"
          disabled={checkedIds.length === 0 || remove.isPending}
          onClick={() => {
            const count = checkedIds.length;
            const what = count === 1 ? 'game review' : 'game reviews';
            const whose = count === 1 ? 'its' : 'their';
            setAsking(`Delete ${count} ${what} with ${whose} notes and mistakes?`);
          }}
        >
          Delete Checked Items
        </button>
        <ConfirmDialog
          question={asking}
          detail="This cannot be undone."
          confirmLabel="Delete"
          onCancel={() => setAsking(undefined)}
          onConfirm={() => {
            setAsking(undefined);
            remove.mutate(checkedIds, { onSettled: () => setChecked(new Set()) });
          }}
        />
      </div>
      {remove.error && (
        <p className="form-message is-error" role="alert">
          Not all reviews were deleted: {errorText(remove.error)}
        </p>
      )}
      {loadError && (
        <p className="form-message is-error" role="alert">
          Could not load your reviews: {loadError}
        </p>
      )}
      <ul className="gr-review-list" aria-label="Existing game reviews">
        {reviews.length === 0 && <li className="gr-review-empty muted">No game reviews yet.</li>}
        {reviews.map((review) => {
          const selected = review.id === selectedId;
          return (
            <li key={review.id} className={`gr-review-row${selected ? ' is-selected' : ''}`}>
              <input
                type="checkbox"
                checked={checked.has(review.id)}
                onChange={() => toggle(review.id)}
                aria-label={`Check ${versusText(review)}`}
              />
              <button
                type="button"
                className="gr-review-open"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(review.id)}
              >
                <span className="gr-review-text">{reviewRowText(review)}</span>
              </button>
              {unanalysedIds && <AnalysedMark analysed={!unanalysedIds.has(review.id)} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function AnalysedMark({ analysed }: { analysed: boolean }) {
  return (
    <span className={`gr-review-mark${analysed ? ' is-analysed' : ''}`} data-testid="review-analysed">
      {analysed ? 'Analysed' : 'Not analysed'}
    </span>
  );
}

/** A row: white vs black, date and time, site, then the result and opening when known, and notes. */
export function reviewRowText(
  review: Pick<
    GameReview,
    'hero_color' | 'username' | 'opponent_name' | 'date_time_played' | 'site' | 'result' | 'pgn' | 'notes'
  >,
): string {
  return [
    versusText(review),
    playedText(review.date_time_played),
    review.site,
    resultText(review.result),
    openingText(review.pgn),
    review.notes.replace(/\s+/g, ' ').trim(),
  ]
    .filter((part) => part !== '')
    .join(', ');
}
