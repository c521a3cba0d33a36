import { useEffect, useMemo, useState } from 'react';
import { makeScheduler, reviewScreenScheduler, REVIEW_SCREEN_MAXIMUM_INTERVAL } from '../../../../chess/scheduling';
import { Rating, type Grade } from '../../../../chess/scheduling-types';
import { errorText } from '../../../lib/api-client';
import { getSchedulerWeights } from '../../../lib/scheduler';
import { loadTrainingQueue, type TrainingStep } from '../api/training-queue';
import { CardStep } from './card-step';
import { DrillStep } from './drill-step';
import { SessionSummary, type SessionTally } from './session-summary';

/** Other steps between a missed drill item and its next asking (sooner when the session ends first). */
const MISSED_GAP = 3;

const EMPTY_TALLY: SessionTally = { cards: 0, cardsRight: 0, drill: 0, drillRight: 0, fresh: 0 };

/**
 * "Start training": due cards, then due drill, then New drill items, one after another with a progress
 * bar, and a summary at the end. The queue is read once when the session starts; a missed drill item
 * is asked again a few steps later.
 */
export function TrainingSession({
  newLeft,
  onEnded,
  onFinish,
}: {
  newLeft: number;
  /** The last step is done (or the session stopped): the counts can be read afresh. */
  onEnded: () => void;
  onFinish: () => void;
}) {
  // The allowance as the session started: Today's counts change as it goes, the queue does not.
  const [allowance] = useState(newLeft);
  const [queue, setQueue] = useState<TrainingStep[]>();
  const [weights, setWeights] = useState<number[] | null>(null);
  const [error, setError] = useState<string>();
  const [index, setIndex] = useState(0);
  const [tally, setTally] = useState<SessionTally>(EMPTY_TALLY);

  useEffect(() => {
    let alive = true;
    Promise.all([loadTrainingQueue(allowance), getSchedulerWeights()])
      .then(([steps, own]) => {
        if (!alive) return;
        setQueue(steps);
        setWeights(own);
      })
      .catch((e: unknown) => alive && setError(errorText(e)));
    return () => {
      alive = false;
    };
  }, [allowance]);

  const ended = queue !== undefined && index >= queue.length;
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);

  // Score buttons show the intervals the player's own weights give, as the server will schedule them.
  const scheduler = useMemo(() => {
    if (!weights) return reviewScreenScheduler;
    const made = makeScheduler({ weights, maximumInterval: REVIEW_SCREEN_MAXIMUM_INTERVAL });
    return made.isOk ? made.value : reviewScreenScheduler;
  }, [weights]);

  if (error) {
    return (
      <p className="form-message is-error" role="alert">
        The training could not start: {error}
      </p>
    );
  }
  if (!queue) return <p className="muted">Getting your training ready…</p>;
  if (index >= queue.length) return <SessionSummary tally={tally} total={queue.length} onClose={onFinish} />;

  const step = queue[index];
  const next = (update: (t: SessionTally) => SessionTally) => {
    setTally(update);
    setIndex((i) => i + 1);
  };
  const percent = Math.round((index / queue.length) * 100);

  return (
    <section className="today-session" aria-label="Training session">
      <div className="today-session-bar">
        <span data-testid="today-session-count">
          {index + 1} of {queue.length}
        </span>
        <progress
          className="today-progress"
          value={index}
          max={queue.length}
          aria-label={`Training ${percent}% done`}
        />
        <button type="button" className="button button-small" onClick={() => setIndex(queue.length)}>
          Stop
        </button>
      </div>
      {step.kind === 'card' ? (
        <CardStep
          key={`card-${step.card.id}-${index}`}
          card={step.card}
          scheduler={scheduler}
          onDone={(rating: Grade) =>
            next((t) => ({ ...t, cards: t.cards + 1, cardsRight: t.cardsRight + (rating === Rating.Again ? 0 : 1) }))
          }
        />
      ) : (
        <DrillStep
          key={`drill-${step.item.id}-${index}`}
          item={step.item}
          fresh={step.fresh}
          onDone={(correct) => {
            // A miss comes back in this session, a few steps on, until it is answered right once.
            if (!correct) {
              const again: TrainingStep = { kind: 'drill', item: { ...step.item, state: 3 }, fresh: false };
              setQueue((q) => q && [...q.slice(0, index + 1 + MISSED_GAP), again, ...q.slice(index + 1 + MISSED_GAP)]);
            }
            next((t) => ({
              ...t,
              drill: t.drill + 1,
              drillRight: t.drillRight + (correct ? 1 : 0),
              fresh: t.fresh + (step.fresh ? 1 : 0),
            }));
          }}
        />
      )}
    </section>
  );
}
