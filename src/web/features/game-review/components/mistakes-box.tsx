import type { GameReview } from '@contract/game-reviews';
import { errorText } from '../../../lib/api-client';
import { useDeleteMistake, useUpsertMistake } from '../api/mistakes';
import { moveText, type LineMove } from '../game-line';

export type MistakesBoxProps = {
  review: GameReview;
  /** The game's moves; a mistake is one of them, by ply (1 = White's first move). */
  moves: readonly LineMove[];
  /** The move on the board now (0: the start, no move to mark). */
  step: number;
  /** Full FEN before the current move, stored with the mistake. */
  fenBefore: string;
  onGoTo: (ply: number) => void;
};

/** 'Mistakes': mark the current move as one; each listed as a link to its move, deletable. */
export function MistakesBox({ review, moves, step, fenBefore, onGoTo }: MistakesBoxProps) {
  const add = useUpsertMistake();
  const remove = useDeleteMistake();
  const current = step > 0 ? moves[step - 1] : undefined;
  // Engine-found ones are listed with the analysis; a hand-marked one replaces the engine's on its move.
  const mistakes = review.mistakes.filter((m) => m.kind == null).sort((a, b) => (a.ply ?? 0) - (b.ply ?? 0));
  const marked = current !== undefined && mistakes.some((m) => m.ply === current.ply);
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
      {error && (
        <p className="form-message is-error" role="alert">
          Not saved: {errorText(error)}
        </p>
      )}
      {mistakes.length === 0 ? (
        <p className="muted gr-mistakes-empty">No mistakes marked yet.</p>
      ) : (
        <ul className="gr-mistake-list" aria-label="Mistakes">
          {mistakes.map((mistake) => {
            const move = mistake.ply ? moves[mistake.ply - 1] : undefined;
            const label = move ? moveText(move) : (mistake.move ?? 'a move');
            return (
              <li key={mistake.id}>
                <button
                  type="button"
                  className="gr-mistake-link"
                  disabled={!move}
                  onClick={() => move && onGoTo(move.ply)}
                >
                  {label}
                </button>
                <button
                  type="button"
                  className="button button-small gr-mistake-delete"
                  aria-label={`Delete the mistake ${label}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(mistake.id)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
