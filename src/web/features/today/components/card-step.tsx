import { useMemo, useState } from 'react';
import { previewIntervals, type Scheduler } from '../../../../chess/scheduling';
import type { Card } from '@contract/cards';
import type { Grade } from '../../../../chess/scheduling-types';
import { Board } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { reviewCard } from '../../../lib/cards';

/** One due card: the prompt, the answer on demand, then Again/Hard/Good/Easy with their intervals. */
export function CardStep({
  card,
  scheduler,
  onDone,
}: {
  card: Card;
  scheduler: Scheduler;
  onDone: (rating: Grade) => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const previews = useMemo(() => {
    const result = previewIntervals(card, new Date(), scheduler);
    return result.isOk ? result.value : [];
  }, [card, scheduler]);

  const score = async (rating: Grade) => {
    setSaving(true);
    setError(undefined);
    try {
      await reviewCard({ id: card.id, rating });
      onDone(rating);
    } catch (e) {
      setError(errorText(e));
      setSaving(false);
    }
  };

  return (
    <div className="board-layout today-step" data-testid="today-card-step">
      <div className="board-layout-main">
        <Board
          id="today-card-board"
          fen={revealed ? card.answer_fen : card.prompt_fen}
          orientation={card.orientation}
          label={revealed ? 'Answer board' : 'Prompt board'}
        />
      </div>
      <div className="board-layout-side today-side">
        <p className="today-step-kind">Card</p>
        <p className="today-prompt">{card.prompt || <span className="muted">(no prompt)</span>}</p>
        {revealed ? (
          <>
            <p className="today-answer">{card.answer || <span className="muted">(no answer text)</span>}</p>
            <div className="today-grades" role="group" aria-label="Score the card">
              {previews.map((preview) => (
                <button
                  key={preview.rating}
                  type="button"
                  className={`button grade-button grade-${preview.name.toLowerCase()}`}
                  disabled={saving}
                  onClick={() => void score(preview.rating)}
                >
                  <span className="grade-name">{preview.name}</span>{' '}
                  <span className="grade-interval">{preview.label}</span>
                </button>
              ))}
            </div>
          </>
        ) : (
          <button type="button" className="button button-primary" autoFocus onClick={() => setRevealed(true)}>
            Show Answer &amp; Score
          </button>
        )}
        {error && (
          <p className="form-message is-error" role="alert">
            The score was not saved: {error}
          </p>
        )}
      </div>
    </div>
  );
}
