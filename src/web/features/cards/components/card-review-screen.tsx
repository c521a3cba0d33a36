import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { promptLastMove } from '../../../../chess/mistake-card';
import { type Grade, isGrade } from '../../../../chess/scheduling-types';
import {
  makeScheduler,
  previewIntervals,
  REVIEW_SCREEN_MAXIMUM_INTERVAL,
  reviewScreenScheduler,
} from '../../../../chess/scheduling';
import { Board, type BoardMove } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useCards } from '../api/get-cards';
import { useOwnWeights } from '../api/get-own-weights';
import { useReviewCard } from '../api/review-card';
import { judgeAnswerMove, type AnswerVerdict } from '../answer-check';
import { useNow } from '../use-now';
import { formatDue } from './due-date';
import '../cards.css';
import { plural } from '../../../lib/plural';

/** Card Review: the first due card, its answer on demand, and Again/Hard/Good/Easy with their intervals. */
export function CardReviewScreen() {
  usePageTitle('Card Review');
  const cards = useCards();
  const review = useReviewCard();
  const list = cards.data ?? [];
  // Cards come sorted by due date, so the first future one is when the screen must look again.
  const firstFuture = list.find((card) => Date.parse(card.due) > Date.now());
  const now = useNow(15_000, firstFuture ? Date.parse(firstFuture.due) : undefined);
  const dueCards = list.filter((card) => Date.parse(card.due) <= now);
  const card = dueCards[0];
  const [revealedId, setRevealedId] = useState<string>();
  const revealed = card !== undefined && revealedId === card.id;
  // The answer tried on the prompt board before revealing, kept for the card it was played on.
  const [tried, setTried] = useState<{ cardId: string; move: BoardMove; verdict: AnswerVerdict }>();
  const attempt = card && tried?.cardId === card.id ? tried : undefined;
  // The move that led to the prompt (a card from a game carries the game's moves), marked on the board.
  const promptLast = useMemo(() => card && promptLastMove(card.prompt_pgn, card.prompt_fen), [card]);

  // The intervals the server will give: the player's own weights once they optimised their schedule.
  const weights = useOwnWeights().data;
  const scheduler = useMemo(() => {
    const own = weights ? makeScheduler({ weights, maximumInterval: REVIEW_SCREEN_MAXIMUM_INTERVAL }) : undefined;
    return own?.isOk ? own.value : reviewScreenScheduler;
  }, [weights]);
  const previews = useMemo(() => {
    if (!card || !revealed) return [];
    const result = previewIntervals(card, new Date(now), scheduler);
    return result.isOk ? result.value : [];
  }, [card, revealed, now, scheduler]);

  const score = (rating: Grade) => {
    if (!card || review.isPending) return;
    review.mutate(
      { id: card.id, rating },
      {
        onSuccess: () => setRevealedId(undefined),
        onError: (error) => console.error('Saving the review failed', error),
      },
    );
  };

  // Keys: space shows the answer (then scores Good), 1-4 score.
  const keys = useRef({ card, revealed, score, reveal: () => card && setRevealedId(card.id) });
  keys.current = { card, revealed, score, reveal: () => card && setRevealedId(card.id) };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const { card: current, revealed: shown, score: rate, reveal } = keys.current;
      if (!current) return;
      if (event.key === ' ') {
        // A focused button already answers to space; don't act twice.
        if (target?.closest('button, a')) return;
        event.preventDefault();
        if (shown) rate(3);
        else reveal();
      } else if (shown) {
        const rating = Number(event.key);
        if (isGrade(rating)) {
          event.preventDefault();
          rate(rating);
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section className="page cards-page card-review" aria-labelledby="card-review-title">
      <header className="card-review-header">
        <h1 id="card-review-title">Card Review</h1>
        {cards.isSuccess && (
          <p className="muted" data-testid="due-count">
            {dueCards.length} due · {plural(list.length, 'card')}
          </p>
        )}
      </header>
      {cards.isPending && <p className="muted">Loading cards…</p>}
      {cards.isError && (
        <p className="form-message is-error" role="alert">
          Could not load the cards: {errorText(cards.error)}
        </p>
      )}
      {cards.isSuccess && !card && (
        <div className="no-cards card">
          <p className="no-cards-title">No cards are due</p>
          <p className="muted">
            {firstFuture
              ? `The next card is due ${formatDue(firstFuture.due)}.`
              : list.length === 0
                ? 'You have no cards yet.'
                : ''}{' '}
            Make cards from positions on <Link to="/game_review">Review Game/Make Cards</Link> or{' '}
            <Link to="/manage_cards">Edit Cards</Link>.
          </p>
        </div>
      )}
      {card && (
        <article className={`review-card${revealed ? ' is-revealed' : ''}`} aria-label="Card" data-card-id={card.id}>
          <div className="review-side">
            <h2 className="review-label">Prompt</h2>
            <p className="review-text">{card.prompt || <span className="muted">(no prompt)</span>}</p>
            <Board
              id="review-prompt"
              fen={attempt ? attempt.move.fen : card.prompt_fen}
              orientation={card.orientation}
              label="Prompt board"
              lastMove={attempt ? { from: attempt.move.from, to: attempt.move.to } : promptLast}
              onMove={
                revealed || attempt
                  ? undefined
                  : (move) => setTried({ cardId: card.id, move, verdict: judgeAnswerMove(card, move) })
              }
            />
            <div className="review-try" aria-live="polite">
              {attempt ? (
                <>
                  <p className={`review-verdict is-${attempt.verdict}`} role="status">
                    {attempt.verdict === 'right'
                      ? `Right: ${attempt.move.san} is the answer.`
                      : attempt.verdict === 'wrong'
                        ? `Not the answer: you played ${attempt.move.san}.`
                        : `You played ${attempt.move.san}: this card's answer board shows no move to check it against.`}
                  </p>
                  {!revealed && (
                    <button type="button" className="button button-small" onClick={() => setTried(undefined)}>
                      Try again
                    </button>
                  )}
                </>
              ) : (
                !revealed && <p className="muted review-try-hint">Play your answer on the board, or show it.</p>
              )}
            </div>
          </div>
          {revealed ? (
            <div className="review-side">
              <h2 className="review-label">Answer</h2>
              <p className="review-text">{card.answer || <span className="muted">(no answer text)</span>}</p>
              <Board id="review-answer" fen={card.answer_fen} orientation={card.orientation} label="Answer board" />
            </div>
          ) : (
            <div className="review-reveal">
              <button
                type="button"
                className="button button-primary button-large"
                autoFocus
                onClick={() => setRevealedId(card.id)}
              >
                Show Answer &amp; Score
              </button>
              <p className="muted key-hint">
                or press <kbd>Space</kbd>
              </p>
            </div>
          )}
          {revealed && (
            <div className="grade-bar" role="group" aria-label="Score the card">
              {previews.map((preview) => (
                <button
                  key={preview.rating}
                  type="button"
                  className={`button grade-button grade-${preview.name.toLowerCase()}`}
                  disabled={review.isPending}
                  onClick={() => score(preview.rating)}
                  aria-keyshortcuts={String(preview.rating)}
                  title={`Due ${formatDue(preview.due)}`}
                >
                  <span className="grade-name">{preview.name}</span>
                  <span className="grade-interval">{preview.label}</span>
                  <kbd className="grade-key">{preview.rating}</kbd>
                </button>
              ))}
            </div>
          )}
          {review.isError && (
            <p className="form-message is-error grade-error" role="alert">
              The score was not saved: {errorText(review.error)}
            </p>
          )}
        </article>
      )}
    </section>
  );
}
