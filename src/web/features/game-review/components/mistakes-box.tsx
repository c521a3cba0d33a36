import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { GameReview, Mistake } from '@contract/game-reviews';
import type { MistakeTraining } from '@contract/mistake-training';
import { errorText } from '../../../lib/api-client';
import { useDeleteMistake, useUpsertMistake } from '../api/mistakes';
import { useMakeMistakeCard } from '../api/mistake-training';
import { moveText, type LineMove } from '../game-line';
import { learnResultText } from '../review-text';

export type MistakesBoxProps = {
  review: GameReview;
  /** The game's moves; a mistake is one of them, by ply (1 = White's first move). */
  moves: readonly LineMove[];
  /** The move on the board now (0: the start, no move to mark). */
  step: number;
  /** Full FEN before the current move, stored with the mistake. */
  fenBefore: string;
  onGoTo: (ply: number) => void;
  /** The game has a stored analysis: the engine's findings are listed (or said to be none). */
  analysed: boolean;
  /** Each mistake's card and repertoire standing, by ply. */
  training: readonly MistakeTraining[];
  /** Where a card opens. */
  cardHref: (cardId: string) => string;
  /** Further practice buttons of a row ("Add to drill"), brought by the app. */
  renderActions?: (mistake: Mistake, training: MistakeTraining | undefined) => ReactNode;
};

const KIND_LABEL = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' } as const;

/**
 * 'Mistakes': the player's mistakes in game order, the engine's (Inaccuracy, Mistake, Blunder) and
 * those marked by hand together, each a link to its move with its practice; mark the current move.
 */
export function MistakesBox(props: MistakesBoxProps) {
  const { review, moves, step, fenBefore, onGoTo, analysed, training } = props;
  const add = useUpsertMistake();
  const remove = useDeleteMistake();
  const current = step > 0 ? moves[step - 1] : undefined;
  const mistakes = [...review.mistakes].sort((a, b) => (a.ply ?? 0) - (b.ply ?? 0) || a.id - b.id);
  const marked = current !== undefined && mistakes.some((m) => m.ply === current.ply && m.kind == null);
  const engineCount = mistakes.filter((m) => m.kind != null).length;
  const error = add.error ?? remove.error;

  return (
    <section className="gr-mistakes" aria-labelledby="gr-mistakes-title">
      <div className="gr-mistakes-head">
        <h3 id="gr-mistakes-title">Mistakes</h3>
        <button
          type="button"
          className="button button-small"
          disabled={!current || marked || add.isPending}
          title={current ? undefined : 'Step to a move first'}
          onClick={() =>
            current &&
            add.mutate({ game_review_id: review.id, ply: current.ply, fen: fenBefore, move: current.san, notes: '' })
          }
        >
          {current ? `Mark ${moveText(current)} as a mistake` : 'Mark the current move as a mistake'}
        </button>
      </div>
      <p className="muted gr-mistakes-empty">
        {analysed
          ? engineCount === 0
            ? 'The engine found no inaccuracy, mistake or blunder of yours.'
            : 'Found by the engine (judged as Lichess does) and marked by you.'
          : mistakes.length === 0
            ? 'No mistakes marked yet.'
            : 'Marked by you. Analyse the game to add the engine’s findings.'}
      </p>
      {error && (
        <p className="form-message is-error" role="alert">
          Not saved: {errorText(error)}
        </p>
      )}
      {mistakes.length > 0 && (
        <ul className="gr-engine-mistake-list" aria-label="Mistakes">
          {mistakes.map((mistake) => {
            const move = mistake.ply ? moves[mistake.ply - 1] : undefined;
            const label = move ? moveText(move) : (mistake.move ?? 'a move');
            const rowTraining = training.find((t) => t.ply === mistake.ply);
            return (
              <li
                key={mistake.id}
                className={`gr-engine-mistake ${mistake.kind ? `is-${mistake.kind} gr-engine-mistake-found` : 'is-marked'}`}
                data-ply={mistake.ply}
              >
                <button
                  type="button"
                  className="gr-mistake-link"
                  disabled={!move}
                  onClick={() => move && onGoTo(move.ply)}
                >
                  {mistake.kind && <span className="gr-kind">{KIND_LABEL[mistake.kind]} </span>}
                  {label}
                  {mistake.better_move && <span className="muted"> (better {mistake.better_move})</span>}
                </button>
                <span className="muted gr-source">{mistake.kind ? 'found by the engine' : 'marked by you'}</span>
                {rowTraining && rowTraining.tries > 0 && (
                  <span
                    className={`gr-learn-result${rowTraining.solved ? ' is-solved' : ''}`}
                    data-testid="learn-result"
                  >
                    {learnResultText(rowTraining)}
                  </span>
                )}
                <span className="gr-engine-mistake-actions">
                  <MistakeCardButton
                    reviewId={review.id}
                    mistake={mistake}
                    cardId={rowTraining?.card_id ?? null}
                    cardHref={props.cardHref}
                    possible={Boolean(mistake.better_move) || analysed}
                  />
                  {props.renderActions?.(mistake, rowTraining)}
                  {mistake.kind == null && (
                    <button
                      type="button"
                      className="button button-small gr-mistake-delete"
                      aria-label={`Delete the mistake ${label}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(mistake.id)}
                    >
                      ×
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** "Make card" once: after it (or after a reload) the row opens the card the server made. */
function MistakeCardButton(props: {
  reviewId: number;
  mistake: Mistake;
  cardId: string | null;
  cardHref: (cardId: string) => string;
  possible: boolean;
}) {
  const make = useMakeMistakeCard(props.reviewId);
  const cardId = props.cardId ?? make.data?.card_id;
  if (cardId)
    return (
      <Link className="button button-small" to={props.cardHref(cardId)}>
        Open card
      </Link>
    );
  if (!props.possible) return null;
  return (
    <span className="make-card-now">
      <button
        type="button"
        className="button button-small"
        disabled={make.isPending}
        onClick={() => make.mutate(props.mistake.id)}
      >
        Make card
      </button>
      {make.isError && <span role="alert"> {errorText(make.error)}</span>}
    </span>
  );
}
